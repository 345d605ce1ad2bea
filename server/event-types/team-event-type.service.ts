/**
 * A team's event types: collective, round robin or managed, with their hosts. Each use case checks the actor's
 * permission on the team first (eventType.read / eventType.write); the rows are reached only through the access
 * builders. Each write is one transaction holding the
 * team's row lock (lockTeamRow): the event type, its hosts and a managed event type's children commit together.
 * The personal fields are the personal event type's (schemas, column mapping and checks from event-type.*).
 */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { requirePermission } from "../teams/team-roles";
import { eventTypesOfTeam, teamEventTypesEditableBy } from "./event-type-access";
import { assertLengthsAgree, assertOwnSchedule, assertSeatsAgree, eventTypeNotFound, toColumns } from "./event-type.service";
import { TEAM_EVENT_TYPE_SELECT, toTeamEventTypeOutput } from "./team-event-type.dto";
import {
  SCHEDULING_TYPES,
  ZCreateTeamEventTypeInput,
  ZUpdateTeamEventTypeInput,
  type TCreateTeamEventTypeInput,
  type TUpdateTeamEventTypeInput,
} from "./team-event-type.schemas";
import { acceptedMemberIds, assertHostsAreMembers, hostRowsFor, lockTeamRow, memberHostRow, replaceHosts } from "./team-hosts";
import { syncManagedChildren } from "./team-managed-children";

const slugTaken = (slug: string) =>
  new AppError("CONFLICT", `The team already has an event type with the slug "${slug}"`, [{ path: "body.slug", message: "Slug already in use" }]);

async function assertTeamSlugFree(tx: Tx, teamId: number, slug: string, exceptId?: number) {
  const holder = await tx.eventType.findFirst({ where: { teamId, slug, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (holder) throw slugTaken(slug);
}

/** The unique indexes are the last word when two writes race past the checks (team slug, a member's slug for a managed copy). */
async function mapUniqueRace<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", "Another change to this team's event types took the same slug at the same time; try again");
    }
    throw error;
  }
}

const readBack = async (tx: Tx, eventTypeId: number) =>
  toTeamEventTypeOutput(await tx.eventType.findUniqueOrThrow({ where: { id: eventTypeId }, select: TEAM_EVENT_TYPE_SELECT }));

export async function listTeamEventTypes(actor: Actor, teamId: number, query: { eventSlug?: string; hostsLimit?: number } = {}) {
  await requirePermission(actor, { teamId }, "eventType.read");
  const rows = await db.eventType.findMany({
    where: { AND: [eventTypesOfTeam(actor, teamId), query.eventSlug === undefined ? {} : { slug: query.eventSlug }] },
    select: TEAM_EVENT_TYPE_SELECT,
    orderBy: [{ position: "desc" }, { id: "asc" }],
  });
  return rows.map((row) => toTeamEventTypeOutput(row, query.hostsLimit));
}

export async function getTeamEventType(actor: Actor, teamId: number, eventTypeId: number) {
  await requirePermission(actor, { teamId }, "eventType.read");
  const row = await db.eventType.findFirst({ where: { id: eventTypeId, ...eventTypesOfTeam(actor, teamId) }, select: TEAM_EVENT_TYPE_SELECT });
  if (!row) throw eventTypeNotFound();
  return toTeamEventTypeOutput(row);
}

export async function createTeamEventType(actor: Actor, teamId: number, input: TCreateTeamEventTypeInput) {
  const { schedulingType: kind, hosts = [], assignAllTeamMembers = false, ...fields } = ZCreateTeamEventTypeInput.parse(input);
  const schedulingType = SCHEDULING_TYPES[kind];
  await requirePermission(actor, { teamId }, "eventType.write");
  await assertOwnSchedule(db, actor, fields.scheduleId);
  const write = db.$transaction(async (tx) => {
    await lockTeamRow(tx, teamId);
    await assertTeamSlugFree(tx, teamId, fields.slug);
    await assertHostsAreMembers(tx, teamId, hosts);
    const data = { ...toColumns(fields), title: fields.title, slug: fields.slug, lengthInMinutes: fields.lengthInMinutes, teamId, schedulingType };
    assertSeatsAgree(data);
    const { id } = await tx.eventType.create({ data: { ...data, assignAllTeamMembers }, select: { id: true } });
    const hostRows = assignAllTeamMembers
      ? (await acceptedMemberIds(tx, teamId)).map((userId) => memberHostRow(schedulingType, userId))
      : hostRowsFor(schedulingType, hosts);
    await replaceHosts(tx, id, hostRows);
    await syncManagedChildren(tx, id);
    return readBack(tx, id);
  });
  return mapUniqueRace(write);
}

/**
 * `hosts` replaces the host list (and ends assignAllTeamMembers); `assignAllTeamMembers: true` makes every accepted
 * member a host; `assignAllTeamMembers: false` alone keeps the current hosts as an explicit list. Everything is
 * checked before the first write, so a refused update changes nothing.
 */
export async function updateTeamEventType(actor: Actor, teamId: number, eventTypeId: number, input: TUpdateTeamEventTypeInput) {
  const { hosts, assignAllTeamMembers, ...changes } = ZUpdateTeamEventTypeInput.parse(input);
  await requirePermission(actor, { teamId }, "eventType.write");
  await assertOwnSchedule(db, actor, changes.scheduleId);
  const write = db.$transaction(async (tx) => {
    await lockTeamRow(tx, teamId);
    const editable = { id: eventTypeId, AND: [teamEventTypesEditableBy(actor, teamId)] };
    const stored = await tx.eventType.findFirst({
      where: editable,
      select: {
        lengthInMinutes: true,
        lengthInMinutesOptions: true,
        schedulingType: true,
        assignAllTeamMembers: true,
        seatsPerTimeSlot: true,
        recurrence: true,
        requiresConfirmation: true,
      },
    });
    if (!stored?.schedulingType) throw eventTypeNotFound();
    assertLengthsAgree({ ...stored, ...changes }, changes);
    assertSeatsAgree({ ...stored, ...toColumns(changes) });
    if (changes.slug !== undefined) await assertTeamSlugFree(tx, teamId, changes.slug, eventTypeId);
    if (hosts !== undefined) await assertHostsAreMembers(tx, teamId, hosts);
    const assignAll = hosts !== undefined && hosts.length > 0 ? false : (assignAllTeamMembers ?? stored.assignAllTeamMembers);
    await tx.eventType.update({ where: editable, data: { ...toColumns(changes), assignAllTeamMembers: assignAll }, select: { id: true } });
    const kind = stored.schedulingType;
    if (assignAllTeamMembers === true)
      await replaceHosts(
        tx,
        eventTypeId,
        (await acceptedMemberIds(tx, teamId)).map((userId) => memberHostRow(kind, userId)),
      );
    else if (hosts !== undefined) await replaceHosts(tx, eventTypeId, hostRowsFor(kind, hosts));
    await syncManagedChildren(tx, eventTypeId);
    return readBack(tx, eventTypeId);
  });
  return mapUniqueRace(write);
}

/**
 * Answers the peer's DeleteData. A managed event type's children go with it (foreign key cascade); bookings of the
 * event type and of its children stay, without an event type (Booking.eventTypeId is set null).
 */
export async function deleteTeamEventType(actor: Actor, teamId: number, eventTypeId: number) {
  return db.$transaction(async (tx) => {
    await requirePermission(actor, { teamId }, "eventType.write", tx);
    await lockTeamRow(tx, teamId);
    const row = await tx.eventType.findFirst({
      where: { id: eventTypeId, ...teamEventTypesEditableBy(actor, teamId) },
      select: { id: true, lengthInMinutes: true, title: true, slug: true, teamId: true },
    });
    if (!row?.teamId) throw eventTypeNotFound();
    await tx.eventType.delete({ where: { id: eventTypeId } });
    return { ...row, teamId: row.teamId };
  });
}
