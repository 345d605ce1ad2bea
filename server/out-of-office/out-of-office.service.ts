/**
 * Out-of-office entries: the caller's own (/v2/me/ooo) and, for a team's owners and admins, its members'
 * (/v2/teams/{teamId}/users/{userId}/ooo). Both go through one set of functions over an OooOwner: whose entries,
 * who may reach them (ooo-access.ts) and who may receive their bookings meanwhile.
 * Entries of one user never overlap: each write locks the user's row first, so two parallel requests cannot both
 * pass the overlap check. Entries that only touch (one ends when the next starts) do not overlap.
 */
import { requirePermission } from "../teams/team-roles";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { emitDomainEvent } from "../events/domain-events";
import { OOO_SELECT, toOooOutput } from "./out-of-office.dto";
import { isOrderedRange, ZCreateOooInput, ZUpdateOooInput, type TCreateOooInput, type TListOooQuery, type TUpdateOooInput } from "./out-of-office.schemas";
import type { Actor } from "../auth/actor";
import { outOfOfficeOf, outOfOfficeOfTeamMember, outOfOfficeOfTeamMembers, redirectTargetsIn, redirectTargetsOf, teamMembersManagedBy } from "./ooo-access";

const notFound = () => new AppError("NOT_FOUND", "Out-of-office entry not found");
const userNotFound = () => new AppError("NOT_FOUND", "User not found");

/** Whose entries a call works on, and the rules that differ between the personal and the team routes. */
type OooOwner = {
  userId: number;
  /** The entries the caller reaches (the owner's, through the access rule). */
  entries: Prisma.OutOfOfficeWhereInput;
  /** The owner as the caller may reach them: a team member the caller administers; the caller themself. */
  reachable: Prisma.UserWhereInput;
  /** Who may receive the owner's bookings meanwhile, and the answer for anyone else. */
  redirectTargets: Prisma.UserWhereInput;
  refuseTarget: () => AppError;
  whose: string;
};

const personal = (actor: Actor): OooOwner => ({
  userId: actor.userId,
  entries: outOfOfficeOf(actor),
  reachable: { id: actor.userId },
  redirectTargets: redirectTargetsOf(actor),
  // The same answer for an id that names nobody and for a stranger: the field cannot be used to walk the ids.
  refuseTarget: () =>
    new AppError("BAD_REQUEST", "Bookings can only be redirected to someone you share a team with", [
      { path: "body.toUserId", message: "Not an accepted member of a team of yours" },
    ]),
  whose: "of yours",
});

const teamMember = (actor: Actor, teamId: number, userId: number): OooOwner => ({
  userId,
  entries: outOfOfficeOfTeamMember(actor, teamId, userId),
  reachable: { id: userId, ...teamMembersManagedBy(actor, teamId) },
  redirectTargets: redirectTargetsIn(teamId),
  refuseTarget: () =>
    new AppError("BAD_REQUEST", "Bookings can only be redirected to another accepted member of the team", [
      { path: "body.toUserId", message: "Not an accepted member of this team" },
    ]),
  whose: "of this member",
});

/** The owner's row, locked until the transaction ends; 404 when the caller cannot reach them (a team's non-member). */
async function lockOwner(tx: Tx, owner: OooOwner) {
  const [user] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "User" WHERE id = ${owner.userId} FOR UPDATE`;
  if (!user || (await tx.user.count({ where: { AND: [{ id: owner.userId }, owner.reachable] } })) === 0) throw userNotFound();
}

async function assertReachable(owner: OooOwner) {
  if ((await db.user.count({ where: { AND: [{ id: owner.userId }, owner.reachable] } })) === 0) throw userNotFound();
}

async function assertRedirectTarget(tx: Tx, owner: OooOwner, toUserId: number | null | undefined) {
  if (toUserId === null || toUserId === undefined) return;
  if (toUserId === owner.userId) {
    throw new AppError("BAD_REQUEST", "Bookings cannot be redirected to the person who is away", [{ path: "body.toUserId", message: "Name another user" }]);
  }
  if ((await tx.user.count({ where: { AND: [{ id: toUserId }, owner.redirectTargets] } })) === 0) throw owner.refuseTarget();
}

async function assertNoOverlap(tx: Tx, owner: OooOwner, start: Date, end: Date, exceptId?: number) {
  const clash = await tx.outOfOffice.findFirst({
    where: { ...owner.entries, start: { lt: end }, end: { gt: start }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true, start: true, end: true },
  });
  if (clash) {
    throw new AppError("CONFLICT", `This period overlaps another out-of-office entry ${owner.whose}`, {
      conflictingId: clash.id,
      start: clash.start.toISOString(),
      end: clash.end.toISOString(),
    });
  }
}

const listEntries = (owner: OooOwner, query: TListOooQuery) => listEntriesWhere(owner.entries, query);

async function listEntriesWhere(where: Prisma.OutOfOfficeWhereInput, query: TListOooQuery) {
  const orderBy = [
    ...(query.sortStart ? [{ start: query.sortStart }] : []),
    ...(query.sortEnd ? [{ end: query.sortEnd }] : []),
    ...(query.sortStart ? [] : [{ start: "asc" as const }]),
    { id: "asc" as const },
  ];
  const [rows, totalItems] = await db.$transaction([
    db.outOfOffice.findMany({ where, select: OOO_SELECT, orderBy, skip: query.skip, take: query.take }),
    db.outOfOffice.count({ where }),
  ]);
  return { items: rows.map(toOooOutput), totalItems };
}

async function createEntry(owner: OooOwner, input: TCreateOooInput) {
  const fields = ZCreateOooInput.parse(input);
  const start = new Date(fields.start);
  const end = new Date(fields.end);
  return db.$transaction(async (tx) => {
    await lockOwner(tx, owner);
    await assertRedirectTarget(tx, owner, fields.toUserId);
    await assertNoOverlap(tx, owner, start, end);
    const row = await tx.outOfOffice.create({
      data: {
        userId: owner.userId,
        start,
        end,
        notes: fields.notes ?? null,
        reason: fields.reason ?? "unspecified",
        redirectToUserId: fields.toUserId ?? null,
      },
      select: OOO_SELECT,
    });
    const entry = toOooOutput(row);
    // Webhooks (OOO_CREATED) follow from this event, committed with the entry (server/events).
    await emitDomainEvent(tx, { type: "OOO_CREATED", userIds: [owner.userId], payload: { outOfOffice: entry } as unknown as Prisma.InputJsonObject });
    return entry;
  });
}

/** Fields not sent keep their values; the merged period is validated as a whole. */
async function updateEntry(owner: OooOwner, oooId: number, input: TUpdateOooInput) {
  const changes = ZUpdateOooInput.parse(input);
  return db.$transaction(async (tx) => {
    await lockOwner(tx, owner);
    const current = await tx.outOfOffice.findFirst({ where: { AND: [{ id: oooId }, owner.entries] }, select: { start: true, end: true } });
    if (!current) throw notFound();
    const start = changes.start ? new Date(changes.start) : current.start;
    const end = changes.end ? new Date(changes.end) : current.end;
    if (!isOrderedRange(start, end)) {
      throw new AppError("BAD_REQUEST", "end must be after start", [{ path: changes.end ? "body.end" : "body.start", message: "end must be after start" }]);
    }
    await assertRedirectTarget(tx, owner, changes.toUserId);
    await assertNoOverlap(tx, owner, start, end, oooId);
    const row = await tx.outOfOffice.update({
      where: { id: oooId },
      data: { start, end, notes: changes.notes, reason: changes.reason, redirectToUserId: changes.toUserId },
      select: OOO_SELECT,
    });
    return toOooOutput(row);
  });
}

async function deleteEntry(owner: OooOwner, oooId: number) {
  return db.$transaction(async (tx) => {
    const row = await tx.outOfOffice.findFirst({ where: { AND: [{ id: oooId }, owner.entries] }, select: OOO_SELECT });
    if (!row) throw notFound();
    await tx.outOfOffice.delete({ where: { id: oooId } });
    return toOooOutput(row);
  });
}

export const listOutOfOffice = (actor: Actor, query: TListOooQuery) => listEntries(personal(actor), query);
export const createOutOfOffice = (actor: Actor, input: TCreateOooInput) => createEntry(personal(actor), input);
export const updateOutOfOffice = (actor: Actor, oooId: number, input: TUpdateOooInput) => updateEntry(personal(actor), oooId, input);
export const deleteOutOfOffice = (actor: Actor, oooId: number) => deleteEntry(personal(actor), oooId);

/**
 * A team member's entries, for the team's owners and admins: each use case checks ooo.readMembers or ooo.writeMembers
 * first (requirePermission), and the access rule holds to the same roles. A user who is not an accepted member of the team is a 404, as a missing one; a redirect to anyone
 * but another accepted member of the team is a 400.
 */
export async function listTeamMemberOutOfOffice(actor: Actor, teamId: number, userId: number, query: TListOooQuery) {
  await requirePermission(actor, { teamId }, "ooo.readMembers");
  const owner = teamMember(actor, teamId, userId);
  await assertReachable(owner);
  return listEntries(owner, query);
}
/**
 * Every accepted member's entries (GET /v2/organizations/{orgId}/ooo, the organization being the team its members
 * belong to), for the team's owners and admins; `email`: only the member with that address.
 */
export async function listTeamMembersOutOfOffice(actor: Actor, teamId: number, query: TListOooQuery & { email?: string }) {
  await requirePermission(actor, { teamId }, "ooo.readMembers");
  const { email, ...page } = query;
  return listEntriesWhere({ AND: [outOfOfficeOfTeamMembers(actor, teamId), email ? { user: { email } } : {}] }, page);
}
export async function createTeamMemberOutOfOffice(actor: Actor, teamId: number, userId: number, input: TCreateOooInput) {
  await requirePermission(actor, { teamId }, "ooo.writeMembers");
  return createEntry(teamMember(actor, teamId, userId), input);
}
export async function updateTeamMemberOutOfOffice(actor: Actor, teamId: number, userId: number, oooId: number, input: TUpdateOooInput) {
  await requirePermission(actor, { teamId }, "ooo.writeMembers");
  return updateEntry(teamMember(actor, teamId, userId), oooId, input);
}
export async function deleteTeamMemberOutOfOffice(actor: Actor, teamId: number, userId: number, oooId: number) {
  await requirePermission(actor, { teamId }, "ooo.writeMembers");
  const owner = teamMember(actor, teamId, userId);
  await assertReachable(owner);
  return deleteEntry(owner, oooId);
}
