/**
 * Private links of a user's event type, and the two calls the bookings work makes: resolve a link (refusing
 * expired and used-up ones) and consume one use of it atomically. The link id is its random hash: 144 bits,
 * URL-safe, unguessable, so a hidden event type is bookable only by those given the link.
 */
import { randomBytes } from "node:crypto";
import { db, type Tx } from "../db/client";
import { AppError } from "../errors";
import { PRIVATE_LINK_SELECT, toPrivateLinkOutput } from "./private-link.dto";
import { ZCreatePrivateLinkInput, ZUpdatePrivateLinkInput, type TCreatePrivateLinkInput, type TUpdatePrivateLinkInput } from "./private-link.schemas";
import { eventTypeNotFound } from "./event-type.service";
import type { Actor } from "../auth/actor";
import { eventTypesOwnedBy } from "./event-type-access";
import { privateLinksOf } from "./private-link-access";

const newLinkId = () => randomBytes(18).toString("base64url");
const linkNotFound = () => new AppError("NOT_FOUND", "Private link not found");

async function getOwnEventType(tx: Tx, actor: Actor, eventTypeId: number) {
  const eventType = await tx.eventType.findFirst({ where: { id: eventTypeId, ...eventTypesOwnedBy(actor) }, select: { id: true, slug: true } });
  if (!eventType) throw eventTypeNotFound();
  return eventType;
}

/** A link that can still book: not expired, uses left, and carrying at least one of the two limits. */
function usableLinkWhere(tx: Tx, linkId: string, now: Date) {
  return {
    hash: linkId,
    AND: [
      { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      { OR: [{ maxUsageCount: null }, { usageCount: { lt: tx.privateLink.fields.maxUsageCount } }] },
      { OR: [{ expiresAt: { not: null } }, { maxUsageCount: { not: null } }] },
    ],
  };
}

export async function listPrivateLinks(actor: Actor, eventTypeId: number) {
  const eventType = await getOwnEventType(db, actor, eventTypeId);
  const rows = await db.privateLink.findMany({ where: privateLinksOf(actor, eventTypeId), select: PRIVATE_LINK_SELECT, orderBy: { id: "asc" } });
  return rows.map((row) => toPrivateLinkOutput(row, eventType.slug));
}

export async function createPrivateLink(actor: Actor, eventTypeId: number, input: TCreatePrivateLinkInput) {
  const { expiresAt, maxUsageCount } = ZCreatePrivateLinkInput.parse(input);
  const eventType = await getOwnEventType(db, actor, eventTypeId);
  const limit = expiresAt !== undefined ? { expiresAt: new Date(expiresAt) } : { maxUsageCount: maxUsageCount ?? 1 };
  const row = await db.privateLink.create({ data: { eventTypeId, hash: newLinkId(), ...limit }, select: PRIVATE_LINK_SELECT });
  return toPrivateLinkOutput(row, eventType.slug);
}

/** Sets the one limit sent and clears the other; the usage count is kept. */
export async function updatePrivateLink(actor: Actor, eventTypeId: number, linkId: string, input: TUpdatePrivateLinkInput) {
  const { expiresAt, maxUsageCount } = ZUpdatePrivateLinkInput.parse(input);
  const eventType = await getOwnEventType(db, actor, eventTypeId);
  const limit = expiresAt !== undefined ? { expiresAt: new Date(expiresAt), maxUsageCount: null } : { expiresAt: null, maxUsageCount };
  const { count } = await db.privateLink.updateMany({ where: { hash: linkId, ...privateLinksOf(actor, eventTypeId) }, data: limit });
  if (count === 0) throw linkNotFound();
  const row = await db.privateLink.findUniqueOrThrow({ where: { hash: linkId }, select: PRIVATE_LINK_SELECT });
  return toPrivateLinkOutput(row, eventType.slug);
}

export async function deletePrivateLink(actor: Actor, eventTypeId: number, linkId: string) {
  await getOwnEventType(db, actor, eventTypeId);
  const { count } = await db.privateLink.deleteMany({ where: { hash: linkId, ...privateLinksOf(actor, eventTypeId) } });
  if (count === 0) throw linkNotFound();
  return { linkId, message: "Private link deleted" };
}

/** The event type a link books, or null when the link is unknown, expired or used up. */
export async function resolvePrivateLink(tx: Tx, linkId: string): Promise<{ eventTypeId: number } | null> {
  return tx.privateLink.findFirst({ where: usableLinkWhere(tx, linkId, new Date()), select: { eventTypeId: true } });
}

/**
 * Hidden event types are seen (slots) and booked only through a live private link of theirs; a link that
 * is sent must be live and belong to this event type even when it is not hidden. Otherwise a 404, like a
 * missing event type, so neither hidden event types nor dead links are confirmed to exist.
 */
export async function assertVisible(tx: Tx, eventType: { id: number; hidden: boolean }, privateLink: string | undefined): Promise<void> {
  if (!privateLink) {
    if (eventType.hidden) throw eventTypeNotFound();
    return;
  }
  const link = await resolvePrivateLink(tx, privateLink);
  if (!link || link.eventTypeId !== eventType.id) throw new AppError("NOT_FOUND", "This private link is invalid or has expired");
}

/**
 * Counts one booking made through the link, in the caller's transaction. A single conditional UPDATE, so
 * two bookings racing for the last use cannot both succeed; false means the link is no longer usable.
 */
export async function consumePrivateLinkUse(tx: Tx, linkId: string): Promise<boolean> {
  const { count } = await tx.privateLink.updateMany({ where: usableLinkWhere(tx, linkId, new Date()), data: { usageCount: { increment: 1 } } });
  return count === 1;
}
