/** A user's own event types. Another user's event type is answered as not found. */
import { db, type Tx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import type { TPaginationQuery } from "../http/pagination";
import type { TListEventTypesQuery } from "./event-type.schemas";
import { EVENT_TYPE_SELECT, toEventTypeOutput, toPublicEventTypeOutput, type EventTypeRow } from "./event-type.dto";
import { userEventTypesOnPublicPage } from "../booking-page/public-visibility";
import { limitsSet } from "./booking-limits";
import { bookingWindowColumns } from "./booking-window";
import { confirmationColumns } from "./confirmation-policy";
import { recurrenceColumn } from "./recurrence";
import { seatsColumns, seatsProblem } from "./seats";
import {
  lengthOptionsProblem,
  ZCreateEventTypeInput,
  ZUpdateEventTypeInput,
  type TCreateEventTypeInput,
  type TUpdateEventTypeInput,
} from "./event-type.schemas";
import type { Actor } from "../auth/actor";
import { schedulesOf } from "../schedules/schedule-access";
import { eventTypesOwnedBy } from "./event-type-access";

export type TWriteFields = Partial<ReturnType<typeof ZUpdateEventTypeInput.parse>>;

export const eventTypeNotFound = () => new AppError("NOT_FOUND", "Event type not found");

const slugTaken = (slug: string) =>
  new AppError("CONFLICT", `You already have an event type with the slug "${slug}"`, [{ path: "body.slug", message: "Slug already in use" }]);

/** Slugs are unique per owner (a namespace, not an access rule). The (userId, slug) unique index is the last word when two requests race past the check. */
async function mapSlugRace<T>(slug: string | undefined, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw slugTaken(slug ?? "");
    throw error;
  }
}

async function assertSlugFree(tx: Tx, userId: number, slug: string, exceptId?: number) {
  const holder = await tx.eventType.findFirst({ where: { userId, slug, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (holder) throw slugTaken(slug);
}

export async function assertOwnSchedule(tx: Tx, actor: Actor, scheduleId: number | null | undefined) {
  if (scheduleId === null || scheduleId === undefined) return;
  if ((await tx.schedule.count({ where: { id: scheduleId, ...schedulesOf(actor) } })) === 0) {
    throw new AppError("NOT_FOUND", "Schedule not found", [{ path: "body.scheduleId", message: "No such schedule of yours" }]);
  }
}

const limitsColumn = (input: Parameters<typeof limitsSet>[0]) => limitsSet(input) ?? Prisma.DbNull;

/** API fields → columns: the peer's settings map onto the columns of their own modules (personal and team event types alike). */
export function toColumns({
  bookingWindow,
  bookingLimitsCount,
  bookingLimitsDuration,
  requiresConfirmation,
  confirmationPolicy,
  color,
  recurrence,
  seats,
  ...rest
}: TWriteFields) {
  return {
    ...rest,
    ...(bookingWindow === undefined ? {} : bookingWindowColumns(bookingWindow)),
    ...(bookingLimitsCount === undefined ? {} : { bookingLimitsCount: limitsColumn(bookingLimitsCount) }),
    ...(bookingLimitsDuration === undefined ? {} : { bookingLimitsDuration: limitsColumn(bookingLimitsDuration) }),
    ...(color === undefined ? {} : { color: color ?? Prisma.DbNull }),
    ...(recurrence === undefined ? {} : { recurrence: recurrenceColumn(recurrence) ?? Prisma.DbNull }),
    ...confirmationColumns({ requiresConfirmation, confirmationPolicy }),
    ...seatsColumns(seats),
  };
}

/** The lengths after an update: a new lengthInMinutes must be one of the kept options, new options must include the kept length. */
export function assertLengthsAgree(after: { lengthInMinutes: number; lengthInMinutesOptions: number[] }, changes: TWriteFields) {
  const problem = lengthOptionsProblem(after);
  if (!problem) return;
  const path = changes.lengthInMinutesOptions !== undefined ? "body.lengthInMinutesOptions" : "body.lengthInMinutes";
  throw new AppError("BAD_REQUEST", problem, [{ path, message: problem }]);
}

/** Seats with confirmation, as an update leaves them (seats.ts: they do not mix). Seats with a recurrence are a seated series. */
export function assertSeatsAgree(after: { seatsPerTimeSlot?: number | null; requiresConfirmation?: boolean }) {
  const problem = seatsProblem({ seatsPerTimeSlot: after.seatsPerTimeSlot ?? null, requiresConfirmation: after.requiresConfirmation ?? false });
  if (problem) throw new AppError("BAD_REQUEST", problem, [{ path: "body.seats", message: problem }]);
}

/**
 * GET /v2/event-types. The caller's own event types, narrowed by the peer's filters; or, for `username` naming someone
 * else (or asked without the caller's credential), that user's event types as their public page lists them
 * (public-visibility.ts) in the public output: the peer serves that read to anyone, and it shows nothing the page
 * does not.
 */
export async function listEventTypes(actor: Actor | null, page: TPaginationQuery & Partial<TListEventTypesQuery>) {
  const [publicName] = page.username ?? [];
  const isOwnName = actor !== null && publicName !== undefined && (await isUsernameOf(actor, publicName));
  if (publicName !== undefined && !isOwnName) return listPublicEventTypes(page.username!, page);
  if (!actor) throw new AppError("UNAUTHORIZED", "Authentication required: send Authorization: Bearer <API_KEY or access token>, or a username");
  const usernames = [page.username, page.usernames].filter((names) => names !== undefined);
  const where: Prisma.EventTypeWhereInput = {
    ...eventTypesOwnedBy(actor),
    ...(page.eventSlug ? { slug: page.eventSlug } : {}),
    ...(usernames.length ? { AND: usernames.map((names) => ({ owner: { username: { in: names, mode: "insensitive" as const } } })) } : {}),
  };
  return pageOfEventTypes(where, page, toEventTypeOutput);
}

async function isUsernameOf(actor: Actor, username: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: actor.userId }, select: { username: true } });
  return user?.username.toLowerCase() === username.toLowerCase();
}

/** The event types the public pages of `usernames` list (one name, as the peer takes it; several: all of theirs). */
function listPublicEventTypes(usernames: string[], page: TPaginationQuery & Partial<TListEventTypesQuery>) {
  const where: Prisma.EventTypeWhereInput = {
    OR: usernames.map(userEventTypesOnPublicPage),
    ...(page.eventSlug ? { slug: page.eventSlug } : {}),
  };
  return pageOfEventTypes(where, page, (row) => toPublicEventTypeOutput(toEventTypeOutput(row)));
}

async function pageOfEventTypes<T>(where: Prisma.EventTypeWhereInput, page: TPaginationQuery, toOutput: (row: EventTypeRow) => T) {
  const [rows, totalItems] = await db.$transaction([
    db.eventType.findMany({ where, select: EVENT_TYPE_SELECT, orderBy: [{ position: "desc" }, { id: "asc" }], skip: page.skip, take: page.take }),
    db.eventType.count({ where }),
  ]);
  return { items: rows.map(toOutput), totalItems };
}

export async function getEventType(actor: Actor, eventTypeId: number) {
  const row = await db.eventType.findFirst({ where: { id: eventTypeId, ...eventTypesOwnedBy(actor) }, select: EVENT_TYPE_SELECT });
  if (!row) throw eventTypeNotFound();
  return toEventTypeOutput(row);
}

export async function createEventType(actor: Actor, input: TCreateEventTypeInput) {
  const { userId } = actor;
  const fields = ZCreateEventTypeInput.parse(input);
  await assertOwnSchedule(db, actor, fields.scheduleId);
  await assertSlugFree(db, userId, fields.slug);
  const data = { ...toColumns(fields), title: fields.title, slug: fields.slug, lengthInMinutes: fields.lengthInMinutes, userId };
  assertSeatsAgree(data);
  const row = await mapSlugRace(fields.slug, db.eventType.create({ data, select: EVENT_TYPE_SELECT }));
  return toEventTypeOutput(row);
}

/** Everything is checked before the one write, so a refused update changes nothing. */
export async function updateEventType(actor: Actor, eventTypeId: number, input: TUpdateEventTypeInput) {
  const { userId } = actor;
  const changes = ZUpdateEventTypeInput.parse(input);
  const stored = await db.eventType.findFirst({
    where: { id: eventTypeId, ...eventTypesOwnedBy(actor) },
    select: { lengthInMinutes: true, lengthInMinutesOptions: true, seatsPerTimeSlot: true, requiresConfirmation: true },
  });
  if (!stored) throw eventTypeNotFound();
  assertLengthsAgree({ ...stored, ...changes }, changes);
  assertSeatsAgree({ ...stored, ...toColumns(changes) });
  await assertOwnSchedule(db, actor, changes.scheduleId);
  if (changes.slug !== undefined) await assertSlugFree(db, userId, changes.slug, eventTypeId);
  const update = db.eventType.update({ where: { id: eventTypeId, AND: [eventTypesOwnedBy(actor)] }, data: toColumns(changes), select: EVENT_TYPE_SELECT });
  const row = await mapSlugRace(changes.slug, update);
  return toEventTypeOutput(row);
}

/** Answers the peer's DeleteData: id, lengthInMinutes, title, slug. Bookings keep their rows (eventTypeId becomes null). */
export async function deleteEventType(actor: Actor, eventTypeId: number) {
  return db.$transaction(async (tx) => {
    const row = await tx.eventType.findFirst({
      where: { id: eventTypeId, ...eventTypesOwnedBy(actor) },
      select: { id: true, lengthInMinutes: true, title: true, slug: true },
    });
    if (!row) throw eventTypeNotFound();
    await tx.eventType.delete({ where: { id: eventTypeId } });
    return row;
  });
}
