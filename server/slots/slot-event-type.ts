/**
 * Which event type a slot request names: `eventTypeId`, or `eventTypeSlug` with its owner's `username` or its
 * team's `teamSlug` (and `organizationSlug` when the team or user belongs to an organization). Whatever does
 * not match (an unknown team, a user who is not the owner, a team that does not hold the event type) is a
 * 404, never the slots of some other event type.
 */
import { db } from "../db/client";
import { AppError } from "../errors";
import { SLOT_RULES_SELECT } from "./event-type-rules";
import { SLOT_EVENT_TYPE_SELECT } from "./slot-inputs";
import { querySlotRow } from "./slot-row-query";
import type { SlotEventTypeRow } from "./slots.service";

/** What the slot use cases read of an event type: the engine's inputs and the event type's rules. */
export const SLOT_ROW_SELECT = { ...SLOT_EVENT_TYPE_SELECT, ...SLOT_RULES_SELECT } as const;

export type SlotTarget = {
  eventTypeId?: number;
  eventTypeSlug?: string;
  username?: string;
  teamSlug?: string;
  organizationSlug?: string;
};

const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);

/** Ids of the teams called `teamSlug` (inside organization `organizationSlug` when given); none is a 404. */
async function teamIdsOf(teamSlug: string, organizationSlug: string | undefined): Promise<number[]> {
  const teams = await db.team.findMany({
    where: { slug: teamSlug, isOrganization: false, ...(organizationSlug ? { parent: { slug: organizationSlug, isOrganization: true } } : {}) },
    select: { id: true },
  });
  if (teams.length === 0) throw notFound("Team");
  return teams.map((team) => team.id);
}

/** A user named by `username` inside organization `organizationSlug` must be an accepted member of it. */
async function assertInOrganization(username: string, organizationSlug: string): Promise<void> {
  const organization = await db.team.findFirst({
    where: { slug: organizationSlug, isOrganization: true, memberships: { some: { accepted: true, user: { username } } } },
    select: { id: true },
  });
  if (!organization) throw notFound("Organization");
}

export async function resolveSlotEventType(target: SlotTarget): Promise<SlotEventTypeRow> {
  const teamIds = target.teamSlug === undefined ? null : await teamIdsOf(target.teamSlug, target.organizationSlug);
  if (target.organizationSlug !== undefined && teamIds === null && target.username !== undefined)
    await assertInOrganization(target.username, target.organizationSlug);
  // Without an id, a slug needs an owner or a team to mean one event type (the schemas require one of them).
  if (target.eventTypeId === undefined && target.username === undefined && teamIds === null) throw notFound("Event type");
  const eventType = await querySlotRow({
    id: target.eventTypeId,
    slug: target.eventTypeId !== undefined ? target.eventTypeSlug : (target.eventTypeSlug ?? ""),
    ownerUsername: target.username,
    teamIds: teamIds ?? undefined,
  });
  if (!eventType) throw notFound("Event type");
  return eventType;
}
