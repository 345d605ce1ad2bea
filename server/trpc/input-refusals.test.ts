/**
 * Input PostgreSQL cannot store is refused as BAD_REQUEST before any query runs, never an internal error: a NUL
 * character in any string (every procedure), an id beyond int4.
 */
import { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import { AppError } from "../errors";
import { createCallerFactory } from "./init";
import { appRouter } from "./root";

afterAll(() => disconnectDb());

const anonymous = createCallerFactory(appRouter)({ actor: null, clientAddress: "127.0.0.1" });

async function badRequest(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe("BAD_REQUEST");
  expect((error as TRPCError).cause).toBeInstanceOf(AppError);
  return error as TRPCError;
}

describe("tRPC input with a NUL character", () => {
  it("a public query (booking page slots) is BAD_REQUEST naming the field, not an internal error", async () => {
    const user = await makeUser();
    const error = await badRequest(anonymous.bookingPage.slots({ eventTypeId: 1, username: `${user.username}\u0000`, timeZone: "UTC", weekOffset: 0 }));
    expect((error.cause as AppError).details).toEqual([{ path: "username", message: expect.stringMatching(/username must not contain the NUL character/) }]);
  });

  it("a public mutation (sign-up) is BAD_REQUEST and creates no user", async () => {
    const email = `nul-${Date.now()}@example.test`;
    await badRequest(anonymous.auth.signUp({ name: "Nul\u0000Name", email, password: "a long enough password 123" }));
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("a signed-in procedure is refused the same way", async () => {
    const user = await makeUser();
    const caller = createCallerFactory(appRouter)({ actor: { userId: user.id, via: "session" }, clientAddress: "127.0.0.1" });
    await badRequest(caller.apiKeys.create({ name: "key\u0000" }));
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("tRPC input nested too deep", () => {
  const deepArrays = JSON.parse(`${"[".repeat(50_000)}${"]".repeat(50_000)}`) as unknown;
  const deepObjects = JSON.parse(`${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`) as unknown;
  const procedures = Object.keys(appRouter._def.procedures);

  it.each([
    ["50,000-deep arrays", deepArrays],
    ["20,000-deep objects", deepObjects],
  ])("%s are BAD_REQUEST saying so on every procedure, signed in or not, never an internal error", async (_label, deep) => {
    expect(procedures.length).toBeGreaterThan(20);
    const user = await makeUser();
    const signedIn = createCallerFactory(appRouter)({ actor: { userId: user.id, via: "session" }, clientAddress: "127.0.0.1" });
    for (const caller of [anonymous, signedIn]) {
      for (const path of procedures) {
        const procedure = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
          input: unknown,
        ) => Promise<unknown>;
        const error = await badRequest(procedure({ name: deep, input: deep }));
        expect(error.message, path).toBe("Input: JSON nests deeper than 32 levels of arrays and objects");
      }
    }
  });

  it("a sign-up whose name nests too deep creates nothing", async () => {
    const email = `deep-${Date.now()}@example.test`;
    await badRequest(anonymous.auth.signUp({ name: deepArrays, email, password: "a long enough password 123" } as never));
    expect(await db.user.count({ where: { email } })).toBe(0);
  });
});

describe("tRPC ids beyond PostgreSQL's int4", () => {
  it("revoking API key 2147483648 is BAD_REQUEST, not an internal error", async () => {
    const user = await makeUser();
    const caller = createCallerFactory(appRouter)({ actor: { userId: user.id, via: "session" }, clientAddress: "127.0.0.1" });
    const error = await caller.apiKeys.revoke({ id: 2_147_483_648 }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
  });
});
