/**
 * The caller's out-of-office entries. Entries of one user never overlap: each write locks the user's row
 * first, so two parallel requests cannot both pass the overlap check. Entries that only touch (one ends
 * when the next starts) do not overlap.
 */
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { OOO_SELECT, toOooOutput } from "./out-of-office.dto";
import { isOrderedRange, ZCreateOooInput, ZUpdateOooInput, type TCreateOooInput, type TListOooQuery, type TUpdateOooInput } from "./out-of-office.schemas";
import type { Actor } from "../auth/actor";
import { outOfOfficeOf } from "./ooo-access";

const notFound = () => new AppError("NOT_FOUND", "Out-of-office entry not found");

async function lockUser(tx: Tx, userId: number) {
  const [user] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
  if (!user) throw new AppError("NOT_FOUND", "User not found");
}

async function assertRedirectTarget(tx: Tx, userId: number, toUserId: number | null | undefined) {
  if (toUserId === null || toUserId === undefined) return;
  if (toUserId === userId) {
    throw new AppError("BAD_REQUEST", "Bookings cannot be redirected to yourself", [{ path: "body.toUserId", message: "Name another user" }]);
  }
  if (!(await tx.user.findUnique({ where: { id: toUserId }, select: { id: true } }))) {
    throw new AppError("NOT_FOUND", "User not found", [{ path: "body.toUserId", message: "No such user" }]);
  }
}

async function assertNoOverlap(tx: Tx, userId: number, start: Date, end: Date, exceptId?: number) {
  const clash = await tx.outOfOffice.findFirst({
    where: { userId, start: { lt: end }, end: { gt: start }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true, start: true, end: true },
  });
  if (clash) {
    throw new AppError("CONFLICT", "This period overlaps another out-of-office entry of yours", {
      conflictingId: clash.id,
      start: clash.start.toISOString(),
      end: clash.end.toISOString(),
    });
  }
}

export async function listOutOfOffice(actor: Actor, query: TListOooQuery) {
  const where = outOfOfficeOf(actor);
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

export async function createOutOfOffice({ userId }: Actor, input: TCreateOooInput) {
  const fields = ZCreateOooInput.parse(input);
  const start = new Date(fields.start);
  const end = new Date(fields.end);
  return db.$transaction(async (tx) => {
    await lockUser(tx, userId);
    await assertRedirectTarget(tx, userId, fields.toUserId);
    await assertNoOverlap(tx, userId, start, end);
    const row = await tx.outOfOffice.create({
      data: { userId, start, end, notes: fields.notes ?? null, reason: fields.reason ?? "unspecified", redirectToUserId: fields.toUserId ?? null },
      select: OOO_SELECT,
    });
    return toOooOutput(row);
  });
}

/** Fields not sent keep their values; the merged period is validated as a whole. */
export async function updateOutOfOffice(actor: Actor, oooId: number, input: TUpdateOooInput) {
  const { userId } = actor;
  const changes = ZUpdateOooInput.parse(input);
  return db.$transaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await tx.outOfOffice.findFirst({ where: { id: oooId, ...outOfOfficeOf(actor) }, select: { start: true, end: true } });
    if (!current) throw notFound();
    const start = changes.start ? new Date(changes.start) : current.start;
    const end = changes.end ? new Date(changes.end) : current.end;
    if (!isOrderedRange(start, end)) {
      throw new AppError("BAD_REQUEST", "end must be after start", [{ path: changes.end ? "body.end" : "body.start", message: "end must be after start" }]);
    }
    await assertRedirectTarget(tx, userId, changes.toUserId);
    await assertNoOverlap(tx, userId, start, end, oooId);
    const row = await tx.outOfOffice.update({
      where: { id: oooId },
      data: { start, end, notes: changes.notes, reason: changes.reason, redirectToUserId: changes.toUserId },
      select: OOO_SELECT,
    });
    return toOooOutput(row);
  });
}

export async function deleteOutOfOffice(actor: Actor, oooId: number) {
  return db.$transaction(async (tx) => {
    const row = await tx.outOfOffice.findFirst({ where: { id: oooId, ...outOfOfficeOf(actor) }, select: OOO_SELECT });
    if (!row) throw notFound();
    await tx.outOfOffice.delete({ where: { id: oooId } });
    return toOooOutput(row);
  });
}
