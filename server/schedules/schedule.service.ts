/**
 * A user's availability schedules. Invariant: a user with schedules has exactly one default
 * (User.defaultScheduleId). Every write that can change which schedule is the default first locks the
 * user's row, so concurrent creates, default moves and deletes are serialized per user and can never
 * leave zero defaults (e.g. by deleting a schedule that another transaction is making the default).
 */
import { requirePermission } from "../teams/team-roles";
import { forgetProfile } from "../me/me.service";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { SCHEDULE_SELECT, toScheduleOutput } from "./schedule.dto";
import {
  DEFAULT_AVAILABILITY,
  toMinutes,
  WEEKDAYS,
  ZCreateScheduleInput,
  ZUpdateScheduleInput,
  type TAvailabilityInput,
  type TCreateScheduleInput,
  type TDeleteScheduleQuery,
  type TListSchedulesQuery,
  type TOverrideInput,
  type TUpdateScheduleInput,
} from "./schedule.schemas";
import type { Actor } from "../auth/actor";
import { schedulesOf, schedulesOfTeamMembers, teamMembersWhoseSchedulesActorReads } from "./schedule-access";
import type { TPaginationQuery } from "../http/pagination";

const notFound = () => new AppError("NOT_FOUND", "Schedule not found");

/** Locks the user's row until the transaction ends; returns the current default. */
async function lockUser(tx: Tx, userId: number): Promise<{ defaultScheduleId: number | null }> {
  const [user] = await tx.$queryRaw<{ defaultScheduleId: number | null }[]>`
    SELECT "defaultScheduleId" FROM "User" WHERE id = ${userId} FOR UPDATE`;
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  return user;
}

async function isOwnSchedule(tx: Tx, actor: Actor, scheduleId: number): Promise<boolean> {
  return (await tx.schedule.count({ where: { id: scheduleId, ...schedulesOf(actor) } })) > 0;
}

const weeklyRows = (availability: TAvailabilityInput[]) =>
  availability.map((entry) => ({
    days: entry.days.map((day) => WEEKDAYS.indexOf(day)),
    date: null,
    startMinute: toMinutes(entry.startTime),
    endMinute: toMinutes(entry.endTime),
  }));

const overrideRows = (overrides: TOverrideInput[]) =>
  overrides.map((entry) => ({
    days: [],
    date: new Date(`${entry.date}T00:00:00Z`),
    startMinute: toMinutes(entry.startTime),
    endMinute: toMinutes(entry.endTime),
  }));

async function readSchedule(tx: Tx, actor: Actor, scheduleId: number) {
  const row = await tx.schedule.findFirst({ where: { id: scheduleId, ...schedulesOf(actor) }, select: SCHEDULE_SELECT });
  if (!row) throw notFound();
  return toScheduleOutput(row);
}

/** The user's schedules, oldest first, filtered by the query (a schedule is the default when its owner says so). */
export async function listSchedules(actor: Actor, page: TListSchedulesQuery) {
  const where: Prisma.ScheduleWhereInput = {
    ...schedulesOf(actor),
    ...(page.isDefault === undefined ? {} : { defaultFor: page.isDefault ? { isNot: null } : { is: null } }),
    ...(page.timeZone ? { timeZone: page.timeZone } : {}),
    ...(page.name ? { name: { contains: page.name, mode: "insensitive" as const } } : {}),
  };
  const [rows, totalItems] = await db.$transaction([
    db.schedule.findMany({ where, select: SCHEDULE_SELECT, orderBy: { id: "asc" }, skip: page.skip, take: page.take }),
    db.schedule.count({ where }),
  ]);
  return { items: rows.map(toScheduleOutput), totalItems };
}

/** The schedules of a team's members, by member then schedule (each member's oldest first), paginated as the peer's list. */
export async function listTeamSchedules(actor: Actor, teamId: number, page: TPaginationQuery) {
  await requirePermission(actor, { teamId }, "schedule.readMembers");
  const where = schedulesOfTeamMembers(actor, teamId);
  const [rows, totalItems] = await db.$transaction([
    db.schedule.findMany({ where, select: SCHEDULE_SELECT, orderBy: [{ userId: "asc" }, { id: "asc" }], skip: page.skip, take: page.take }),
    db.schedule.count({ where }),
  ]);
  return { items: rows.map(toScheduleOutput), totalItems };
}

/**
 * One member's schedules, through a team (GET /v2/organizations/{orgId}/teams/{teamId}/users/{userId}/schedules), for
 * the team's owners and admins; a user who is not an accepted member is a 404, as one who does not exist.
 */
export async function listTeamMemberSchedules(actor: Actor, teamId: number, userId: number) {
  await requirePermission(actor, { teamId }, "schedule.readMembers");
  const member = await db.user.findFirst({ where: { AND: [{ id: userId }, teamMembersWhoseSchedulesActorReads(actor, teamId)] }, select: { id: true } });
  if (!member) throw new AppError("NOT_FOUND", "User not found");
  const rows = await db.schedule.findMany({
    where: { AND: [{ userId }, schedulesOfTeamMembers(actor, teamId)] },
    select: SCHEDULE_SELECT,
    orderBy: { id: "asc" },
  });
  return rows.map(toScheduleOutput);
}

export const getSchedule = (actor: Actor, scheduleId: number) => readSchedule(db, actor, scheduleId);

export async function getDefaultSchedule(actor: Actor) {
  const row = await db.schedule.findFirst({ where: { ...schedulesOf(actor), defaultFor: { id: actor.userId } }, select: SCHEDULE_SELECT });
  if (!row) throw new AppError("NOT_FOUND", "You have no default schedule; create a schedule first");
  return toScheduleOutput(row);
}

/** The user's first schedule becomes the default whatever isDefault says; later ones only when asked. */
export async function createSchedule(actor: Actor, input: TCreateScheduleInput) {
  const { userId } = actor;
  const fields = ZCreateScheduleInput.parse(input);
  const created = await db.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const entries = [...weeklyRows(fields.availability ?? DEFAULT_AVAILABILITY), ...overrideRows(fields.overrides ?? [])];
    const { id } = await tx.schedule.create({
      data: { userId, name: fields.name, timeZone: fields.timeZone, entries: { createMany: { data: entries } } },
      select: { id: true },
    });
    if (user.defaultScheduleId === null || fields.isDefault) {
      await tx.user.update({ where: { id: userId }, data: { defaultScheduleId: id } });
    }
    return readSchedule(tx, actor, id);
  });
  await forgetProfile(userId); // /v2/me shows defaultScheduleId
  return created;
}

/** `availability`/`schedule` and `overrides`, when sent, replace the stored lists. */
export async function updateSchedule(actor: Actor, scheduleId: number, input: TUpdateScheduleInput) {
  const { userId } = actor;
  const changes = ZUpdateScheduleInput.parse(input);
  const updated = await db.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!(await isOwnSchedule(tx, actor, scheduleId))) throw notFound();
    if (changes.isDefault === false && user.defaultScheduleId === scheduleId) {
      throw new AppError("BAD_REQUEST", "This is your default schedule; make another schedule the default instead", [
        { path: "body.isDefault", message: "A user always has one default schedule" },
      ]);
    }
    await tx.schedule.update({ where: { id: scheduleId }, data: { name: changes.name, timeZone: changes.timeZone } });
    if (changes.availability) {
      await tx.availability.deleteMany({ where: { scheduleId, date: null } });
      await tx.availability.createMany({ data: weeklyRows(changes.availability).map((row) => ({ ...row, scheduleId })) });
    }
    if (changes.overrides) {
      await tx.availability.deleteMany({ where: { scheduleId, date: { not: null } } });
      await tx.availability.createMany({ data: overrideRows(changes.overrides).map((row) => ({ ...row, scheduleId })) });
    }
    if (changes.isDefault && user.defaultScheduleId !== scheduleId) {
      await tx.user.update({ where: { id: userId }, data: { defaultScheduleId: scheduleId } });
    }
    return readSchedule(tx, actor, scheduleId);
  });
  await forgetProfile(userId);
  return updated;
}

/**
 * The default schedule is deleted only together with naming its successor (`newDefaultScheduleId`), so a
 * user's only schedule cannot be deleted. Event types that used the deleted schedule fall back to the
 * default (EventType.scheduleId is set to null by the foreign key).
 */
export async function deleteSchedule(actor: Actor, scheduleId: number, options: TDeleteScheduleQuery = {}) {
  const { userId } = actor;
  const { newDefaultScheduleId } = options;
  await db.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!(await isOwnSchedule(tx, actor, scheduleId))) throw notFound();
    if (newDefaultScheduleId !== undefined) {
      if (newDefaultScheduleId === scheduleId) {
        throw new AppError("BAD_REQUEST", "The new default schedule must be another schedule than the one deleted", [
          { path: "query.newDefaultScheduleId", message: "Name another schedule of yours" },
        ]);
      }
      if (!(await isOwnSchedule(tx, actor, newDefaultScheduleId))) {
        throw new AppError("NOT_FOUND", "Schedule not found", [{ path: "query.newDefaultScheduleId", message: "No such schedule of yours" }]);
      }
      await tx.user.update({ where: { id: userId }, data: { defaultScheduleId: newDefaultScheduleId } });
    } else if (user.defaultScheduleId === scheduleId) {
      throw new AppError(
        "CONFLICT",
        "This is your default schedule: delete it with ?newDefaultScheduleId=<another schedule of yours>; your only schedule cannot be deleted",
      );
    }
    await tx.schedule.delete({ where: { id: scheduleId } });
  });
  await forgetProfile(userId);
}
