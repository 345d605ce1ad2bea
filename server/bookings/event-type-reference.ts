/**
 * How POST /v2/bookings names the event type, as the peer's CreateBookingInput_2024_08_13: its id, or its slug
 * with the owner's username or the owning team's slug (and the organization's slug when the user or team
 * belongs to one). Exactly one way; a name that leads nowhere is the 404 of a missing event type.
 */
import { z } from "zod";
import { db } from "../db/client";
import { AppError } from "../errors";
import { ZIdField } from "../http/ids";

const ZSlugName = (what: string) => z.string().trim().toLowerCase().min(1, `${what} is not empty`).max(100, `${what} is at most 100 characters`);

export const EVENT_TYPE_REFERENCE_FIELDS = {
  eventTypeId: ZIdField.optional().describe("The event type booked. Required unless eventTypeSlug with username or teamSlug is given"),
  eventTypeSlug: ZSlugName("eventTypeSlug").optional().describe("The event type's slug, with username (a user's) or teamSlug (a team's)"),
  username: ZSlugName("username").optional().describe("The owner of eventTypeSlug"),
  teamSlug: ZSlugName("teamSlug").optional().describe("The team owning eventTypeSlug"),
  organizationSlug: ZSlugName("organizationSlug").optional().describe("The organization of username or teamSlug, when they belong to one"),
};

type TReference = { eventTypeId?: number; eventTypeSlug?: string; username?: string; teamSlug?: string; organizationSlug?: string };

/** Exactly one way to name the event type; each misuse is an issue on the field at fault. */
export function refineEventTypeReference(value: TReference, context: z.RefinementCtx) {
  const issue = (path: keyof TReference, message: string) => context.addIssue({ code: "custom", path: [path], message });
  const bySlug = value.eventTypeSlug !== undefined || value.username !== undefined || value.teamSlug !== undefined || value.organizationSlug !== undefined;
  if (value.eventTypeId !== undefined) {
    if (bySlug) issue("eventTypeId", "Name the event type one way: eventTypeId, or eventTypeSlug with username or teamSlug");
    return;
  }
  if (value.eventTypeSlug === undefined) {
    issue(
      bySlug ? "eventTypeSlug" : "eventTypeId",
      bySlug ? "eventTypeSlug is required with username or teamSlug" : "eventTypeId (or eventTypeSlug with username) is required",
    );
    return;
  }
  if (value.username === undefined && value.teamSlug === undefined)
    issue("username", "eventTypeSlug needs username (a user's event type) or teamSlug (a team's)");
  if (value.username !== undefined && value.teamSlug !== undefined) issue("teamSlug", "Give username or teamSlug, not both");
}

const eventTypeNotFound = () => new AppError("NOT_FOUND", "Event type not found");

/** Top-level teams and organizations have no parent; a team of an organization has that organization as parent. */
async function findTeamId(teamSlug: string, organizationSlug: string | undefined): Promise<number | null> {
  const team = await db.team.findFirst({
    where: { slug: teamSlug, isOrganization: false, ...(organizationSlug ? { parent: { slug: organizationSlug, isOrganization: true } } : { parentId: null }) },
    select: { id: true },
  });
  return team?.id ?? null;
}

async function findUserId(username: string, organizationSlug: string | undefined): Promise<number | null> {
  const user = await db.user.findFirst({
    where: {
      username,
      ...(organizationSlug ? { memberships: { some: { accepted: true, team: { slug: organizationSlug, isOrganization: true, parentId: null } } } } : {}),
    },
    select: { id: true },
  });
  return user?.id ?? null;
}

/** The event type's id; read before the booking's transaction (whose work starts from the id). */
export async function resolveEventTypeId(input: TReference): Promise<number> {
  if (input.eventTypeId !== undefined) return input.eventTypeId;
  const { eventTypeSlug: slug, username, teamSlug, organizationSlug } = input;
  if (slug === undefined) throw eventTypeNotFound();
  if (teamSlug !== undefined) {
    const teamId = await findTeamId(teamSlug, organizationSlug);
    if (teamId === null) throw new AppError("NOT_FOUND", "Team not found", [{ path: "body.teamSlug", message: `No team ${teamSlug}` }]);
    const eventType = await db.eventType.findUnique({ where: { teamId_slug: { teamId, slug } }, select: { id: true } });
    if (!eventType) throw eventTypeNotFound();
    return eventType.id;
  }
  const userId = username === undefined ? null : await findUserId(username, organizationSlug);
  if (userId === null) throw eventTypeNotFound();
  const eventType = await db.eventType.findUnique({ where: { userId_slug: { userId, slug } }, select: { id: true } });
  if (!eventType) throw eventTypeNotFound();
  return eventType.id;
}
