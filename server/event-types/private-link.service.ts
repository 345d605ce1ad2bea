/**
 * Private links of a user's event type (and of a team event type, for its team), and the two calls the bookings work makes: resolve a link (refusing
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
import type { Prisma } from "../db/generated/client";
import { requirePermission } from "../teams/team-roles";
import { eventTypesOfTeam, eventTypesOwnedBy, teamEventTypesEditableBy } from "./event-type-access";
import { privateLinksOf, privateLinksOfTeamEventType } from "./private-link-access";

const newLinkId = () => randomBytes(18).toString("base64url");
const linkNotFound = () => new AppError("NOT_FOUND", "Private link not found");

/** Whose links a call works on: the event type as the actor may reach it, and its links likewise (private-link-access.ts). */
type LinkScope = { eventType: Prisma.EventTypeWhereInput; links: Prisma.PrivateLinkWhereInput };

const personalLinks = (actor: Actor, eventTypeId: number): LinkScope => ({
  eventType: { id: eventTypeId, ...eventTypesOwnedBy(actor) },
  links: privateLinksOf(actor, eventTypeId),
});

/** A team event type's links: its members read them, its OWNERs and ADMINs (and its organization's) change them. */
async function teamLinks(actor: Actor, teamId: number, eventTypeId: number, mode: "read" | "write"): Promise<LinkScope> {
  await requirePermission(actor, { teamId }, mode === "read" ? "eventType.read" : "eventType.write");
  const eventType = mode === "read" ? eventTypesOfTeam(actor, teamId) : teamEventTypesEditableBy(actor, teamId);
  return { eventType: { AND: [{ id: eventTypeId }, eventType] }, links: privateLinksOfTeamEventType(actor, teamId, eventTypeId, mode) };
}

async function getEventTypeIn(tx: Tx, scope: LinkScope) {
  const eventType = await tx.eventType.findFirst({ where: scope.eventType, select: { id: true, slug: true } });
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

async function listIn(scope: LinkScope) {
  const eventType = await getEventTypeIn(db, scope);
  const rows = await db.privateLink.findMany({ where: scope.links, select: PRIVATE_LINK_SELECT, orderBy: { id: "asc" } });
  return rows.map((row) => toPrivateLinkOutput(row, eventType.slug));
}

async function createIn(scope: LinkScope, input: TCreatePrivateLinkInput) {
  const { expiresAt, maxUsageCount } = ZCreatePrivateLinkInput.parse(input);
  const eventType = await getEventTypeIn(db, scope);
  const limit = expiresAt !== undefined ? { expiresAt: new Date(expiresAt) } : { maxUsageCount: maxUsageCount ?? 1 };
  const row = await db.privateLink.create({ data: { eventTypeId: eventType.id, hash: newLinkId(), ...limit }, select: PRIVATE_LINK_SELECT });
  return toPrivateLinkOutput(row, eventType.slug);
}

/** Sets the one limit sent and clears the other; the usage count is kept. */
async function updateIn(scope: LinkScope, linkId: string, input: TUpdatePrivateLinkInput) {
  const { expiresAt, maxUsageCount } = ZUpdatePrivateLinkInput.parse(input);
  const eventType = await getEventTypeIn(db, scope);
  const limit = expiresAt !== undefined ? { expiresAt: new Date(expiresAt), maxUsageCount: null } : { expiresAt: null, maxUsageCount };
  const { count } = await db.privateLink.updateMany({ where: { hash: linkId, ...scope.links }, data: limit });
  if (count === 0) throw linkNotFound();
  const row = await db.privateLink.findUniqueOrThrow({ where: { hash: linkId }, select: PRIVATE_LINK_SELECT });
  return toPrivateLinkOutput(row, eventType.slug);
}

async function deleteIn(scope: LinkScope, linkId: string) {
  await getEventTypeIn(db, scope);
  const { count } = await db.privateLink.deleteMany({ where: { hash: linkId, ...scope.links } });
  if (count === 0) throw linkNotFound();
  return { linkId, message: "Private link deleted" };
}

export const listPrivateLinks = (actor: Actor, eventTypeId: number) => listIn(personalLinks(actor, eventTypeId));
export const createPrivateLink = (actor: Actor, eventTypeId: number, input: TCreatePrivateLinkInput) => createIn(personalLinks(actor, eventTypeId), input);
export const updatePrivateLink = (actor: Actor, eventTypeId: number, linkId: string, input: TUpdatePrivateLinkInput) =>
  updateIn(personalLinks(actor, eventTypeId), linkId, input);
export const deletePrivateLink = (actor: Actor, eventTypeId: number, linkId: string) => deleteIn(personalLinks(actor, eventTypeId), linkId);

/** A team event type's private links (the organization routes' /teams/{teamId}/event-types/{eventTypeId}/private-links). */
export const listTeamPrivateLinks = async (actor: Actor, teamId: number, eventTypeId: number) => listIn(await teamLinks(actor, teamId, eventTypeId, "read"));
export const createTeamPrivateLink = async (actor: Actor, teamId: number, eventTypeId: number, input: TCreatePrivateLinkInput) =>
  createIn(await teamLinks(actor, teamId, eventTypeId, "write"), input);
export const updateTeamPrivateLink = async (actor: Actor, teamId: number, eventTypeId: number, linkId: string, input: TUpdatePrivateLinkInput) =>
  updateIn(await teamLinks(actor, teamId, eventTypeId, "write"), linkId, input);
export const deleteTeamPrivateLink = async (actor: Actor, teamId: number, eventTypeId: number, linkId: string) =>
  deleteIn(await teamLinks(actor, teamId, eventTypeId, "write"), linkId);

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
