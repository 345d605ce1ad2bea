/**
 * A MANAGED team event type is a template: each assigned member gets a child, their own event type (userId set,
 * teamId null, parentId the template), which their /v2/event-types lists and people book like any personal one.
 * syncManagedChildren makes the children match the parent's hosts and fields, inside the caller's transaction:
 * a child per host (created or updated with the parent's fields), none for anyone else. Children keep their own
 * schedule (the member's default unless they chose one). A member's own event type that already holds the
 * slug is a 409 naming the member, and nothing is written.
 */
import type { Tx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { AppError } from "../errors";

/** The parent's columns every child copies. */
const COPIED = {
  title: true,
  slug: true,
  description: true,
  lengthInMinutes: true,
  hidden: true,
  locations: true,
  minimumBookingNotice: true,
  beforeEventBuffer: true,
  afterEventBuffer: true,
  slotInterval: true,
  lengthInMinutesOptions: true,
  requiresConfirmation: true,
  bookingWindowType: true,
  bookingWindowDays: true,
  bookingWindowRolling: true,
  bookingWindowStart: true,
  bookingWindowEnd: true,
  bookingLimitsCount: true,
  bookingLimitsDuration: true,
  confirmationNoticeUnit: true,
  confirmationNoticeCount: true,
  color: true,
  customName: true,
  successRedirectUrl: true,
  disableGuests: true,
  onlyShowFirstAvailableSlot: true,
  disableCancelling: true,
  disableRescheduling: true,
  minimumCancellationNotice: true,
  minimumRescheduleNotice: true,
  metadata: true,
  bookingFields: true,
} as const satisfies Prisma.EventTypeSelect;

type Copied = Prisma.EventTypeGetPayload<{ select: typeof COPIED }>;

/** Nullable JSON columns are written back as DbNull; the rest as the values read. */
function childColumns({ bookingLimitsCount, bookingLimitsDuration, color, locations, metadata, bookingFields, ...rest }: Copied) {
  const json = (value: Prisma.JsonValue) => value as Prisma.InputJsonValue;
  const nullableJson = (value: Prisma.JsonValue | null) => (value === null ? Prisma.DbNull : json(value));
  return {
    ...rest,
    locations: json(locations),
    metadata: json(metadata),
    bookingFields: json(bookingFields),
    bookingLimitsCount: nullableJson(bookingLimitsCount),
    bookingLimitsDuration: nullableJson(bookingLimitsDuration),
    color: nullableJson(color),
  };
}

async function assertSlugFreeForMembers(tx: Tx, parentId: number, slug: string, userIds: number[]) {
  if (userIds.length === 0) return;
  const holders = await tx.eventType.findMany({
    where: { userId: { in: userIds }, slug, OR: [{ parentId: null }, { parentId: { not: parentId } }] },
    select: { owner: { select: { id: true, username: true } } },
  });
  if (holders.length === 0) return;
  const members = holders.map(({ owner }) => `${owner?.username} (user ${owner?.id})`).join(", ");
  throw new AppError("CONFLICT", `Team member ${members} already has an event type with the slug "${slug}"; the managed event type cannot give them its copy`, {
    slug,
    userIds: holders.map(({ owner }) => owner?.id),
  });
}

/** Children for exactly the parent's hosts, each with the parent's fields. Call after the parent and its hosts are written. */
export async function syncManagedChildren(tx: Tx, parentId: number) {
  const parent = await tx.eventType.findUniqueOrThrow({
    where: { id: parentId },
    select: { ...COPIED, schedulingType: true, hosts: { select: { userId: true } }, children: { select: { id: true, userId: true } } },
  });
  if (parent.schedulingType !== "MANAGED") return;
  const { hosts, children, schedulingType: _kind, ...copied } = parent;
  const assigned = hosts.map(({ userId }) => userId);
  await assertSlugFreeForMembers(tx, parentId, copied.slug, assigned);
  const leaving = children.filter(({ userId }) => userId === null || !assigned.includes(userId)).map(({ id }) => id);
  if (leaving.length > 0) await tx.eventType.deleteMany({ where: { id: { in: leaving }, parentId } });
  const data = childColumns(copied);
  const existing = new Set(children.map(({ userId }) => userId));
  await tx.eventType.updateMany({ where: { parentId, userId: { in: assigned } }, data });
  const joining = assigned.filter((userId) => !existing.has(userId));
  if (joining.length > 0) await tx.eventType.createMany({ data: joining.map((userId) => ({ ...data, userId, parentId })) });
}

/** A member who left the team keeps no copy of its managed event types (their bookings stay, without an event type). */
export async function deleteChildrenOfMember(tx: Tx, teamId: number, userId: number) {
  await tx.eventType.deleteMany({ where: { userId, parent: { teamId } } });
}
