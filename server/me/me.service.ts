/** The caller's own profile. */
import { db, sql } from "../db/client";
import { AppError } from "../errors";
import { ZSiteProfileInput, ZUpdateProfileInput, type TSiteProfileInput, type TUpdateProfileInput } from "../users/user.schemas";
import { Prisma } from "../db/generated/client";
import { listeningCache } from "../db/listening-cache";
import { ME_SELECT, toMeOutput, type MeRow, type TMeOutput } from "./me.dto";
import type { Actor } from "../auth/actor";
import { schedulesOf } from "../schedules/schedule-access";

/** Profile and memberships in one round trip: GET /v2/me is how apps check a token, so it is hot. */
const ME_SQL = `
  SELECT u.id, u.username, u.email, u.name, u."avatarUrl", u.bio, u."timeFormat", u."defaultScheduleId",
         u."weekStart"::text AS "weekStart", u."timeZone", u.locale,
         COALESCE(json_agg(json_build_object(
           'role', m.role, 'accepted', m.accepted,
           'team', json_build_object('id', t.id, 'name', t.name, 'slug', t.slug, 'isOrganization', t."isOrganization", 'parentId', t."parentId")
         ) ORDER BY m."teamId") FILTER (WHERE m.id IS NOT NULL), '[]') AS memberships
    FROM "User" u
    LEFT JOIN "Membership" m ON m."userId" = u.id
    LEFT JOIN "Team" t ON t.id = m."teamId"
   WHERE u.id = $1
   GROUP BY u.id`;

/**
 * Profiles cached briefly per process; database triggers (migration profile_change_notifications) announce
 * every change to a user, their memberships or their teams, so no write path can forget to invalidate.
 */
const profileCache = listeningCache<TMeOutput>("convene_profile_changed", { ttlMs: 30_000, maxEntries: 10_000 });

/**
 * For services that change what /v2/me shows: drops the profile in this process at once (the trigger's
 * notification reaches the others, and this one a moment later) so the writer reads its own write.
 */
export const forgetProfile = (userId: number) => profileCache.invalidate(String(userId));

export async function getMe({ userId }: Actor): Promise<TMeOutput> {
  const cached = profileCache.get(String(userId));
  if (cached) return cached;
  const generation = profileCache.generation(String(userId));
  const [row] = await sql<MeRow>(ME_SQL, [userId]);
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  const profile = toMeOutput(row);
  profileCache.set(String(userId), profile, generation);
  return profile;
}

/** PATCH /v2/me, and the site's general settings. */
export async function updateMe(actor: Actor, input: TUpdateProfileInput) {
  return writeProfile(actor, ZUpdateProfileInput.parse(input));
}

/** The site's profile form: name, username, avatar and bio. */
export async function updateSiteProfile(actor: Actor, input: TSiteProfileInput) {
  return writeProfile(actor, ZSiteProfileInput.parse(input));
}

const usernameTaken = () => new AppError("CONFLICT", "This username is taken", [{ path: "body.username", message: "This username is taken" }]);

/**
 * Validates everything before writing anything: a refused update changes nothing. The user row is locked
 * so a schedule deleted meanwhile (which also locks it) cannot become the default.
 */
async function writeProfile(actor: Actor, changes: TUpdateProfileInput & { username?: string }) {
  const { userId } = actor;
  const row = await db
    .$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
      if (changes.defaultScheduleId !== undefined) {
        const owned = await tx.schedule.findFirst({ where: { id: changes.defaultScheduleId, ...schedulesOf(actor) }, select: { id: true } });
        if (!owned) throw new AppError("NOT_FOUND", "Schedule not found", [{ path: "body.defaultScheduleId", message: "No such schedule of yours" }]);
      }
      if (changes.email !== undefined) {
        const holder = await tx.user.findUnique({ where: { email: changes.email }, select: { id: true } });
        if (holder && holder.id !== userId) throw new AppError("CONFLICT", "An account with this e-mail already exists");
      }
      if (changes.username !== undefined) {
        const holder = await tx.user.findUnique({ where: { username: changes.username }, select: { id: true } });
        if (holder && holder.id !== userId) throw usernameTaken();
      }
      return tx.user.update({ where: { id: userId }, data: changes, select: ME_SELECT });
    })
    // Two people claiming one free username at once: the unique index decides, the loser hears it on the field.
    .catch((error: unknown) => {
      const isClash = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
      throw changes.username !== undefined && isClash ? usernameTaken() : error;
    });
  await forgetProfile(userId);
  return toMeOutput(row);
}
