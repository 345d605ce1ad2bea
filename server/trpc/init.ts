/**
 * tRPC for the web app, session-authenticated only. Procedure builders narrow the context so a router
 * reads its access rule at the definition: public, protected (signed in) or admin.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { withWriteIntent } from "../db/write-intent";
import { db } from "../db/client";
import type { Actor } from "../auth/actor";
import { getActor } from "../auth/session";
import { AppError } from "../errors";
import { jsonTooDeepMessage, valueTooDeep } from "../http/json-depth";
import { rejectNulCharacters } from "../http/nul-characters";
import { formatError } from "./errors";
import { clientAddress } from "../http/client-address";

/** `req` is absent for server-side callers; the address then is "unknown", as clientAddress says of a request without one. */
export async function createTRPCContext(options?: { req: Request }) {
  return { actor: await getActor(), clientAddress: clientAddress(options?.req.headers) };
}
type Context = Awaited<ReturnType<typeof createTRPCContext>>;

const t = initTRPC.context<Context>().create({ errorFormatter: formatError });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure derives from this one, so the raw input of each is refused (400) before any input schema or query
 * sees it when it nests deeper than MAX_JSON_DEPTH (the bound every transport sets where it parses a body), or when a
 * string in it holds a NUL character, which PostgreSQL text cannot store (naming the field).
 */
export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  const input = await getRawInput();
  try {
    if (valueTooDeep(input)) throw new AppError("BAD_REQUEST", `Input: ${jsonTooDeepMessage()}`);
    rejectNulCharacters(input);
  } catch (error) {
    // As BAD_REQUEST for callers too, not only in the formatted HTTP answer; the cause keeps the field paths.
    if (error instanceof AppError) throw new TRPCError({ code: "BAD_REQUEST", message: error.message, cause: error });
    throw error;
  }
  return withWriteIntent(() => next());
});

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please log in" });
  return next({ ctx: { actor: ctx.actor satisfies Actor } });
});

/** The role is re-read from the database: a demoted admin loses access at once, not when the JWT expires. */
export const adminProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  const user = await db.user.findUnique({ where: { id: ctx.actor.userId }, select: { role: true } });
  if (user?.role !== "ADMIN") throw new TRPCError({ code: "FORBIDDEN", message: "Administrators only" });
  return next({ ctx: { actor: ctx.actor, isAdmin: true as const } });
});
