/**
 * Where a chosen route sends the booker: an event type's booking page with the answers carried as its prefill (and
 * the response's id, which the booking records), an external URL with the answers as query parameters (as the peer
 * forwards them), or a message. For a team's round robin, a member rule narrows the hosts: those whose membership
 * attribute matches an answer, or a fixed list; a rule that keeps none of the event type's rotating hosts keeps them
 * all, so a booker is never sent to a page with no one to book.
 */
import type { Tx } from "../db/client";
import { teamPublicPath } from "../booking-page/public-paths";
import { AppError } from "../errors";
import type { TCheckedAnswers } from "./routing-answers";
import type { TRouteAction, TRoutingFormField, TRoutingRoute } from "./routing-form.schemas";
import { membersMatchingAttribute } from "./routing-rules";

export type TDestination =
  | { type: "eventType"; eventTypeId: number; path: string; teamMemberIds: number[] }
  | { type: "externalRedirectUrl"; url: string }
  | { type: "customPageMessage"; message: string };

/** The peer's name of each kind of action (its chosen action's `type`, in the FORM_SUBMITTED webhook's `redirect`). */
export const PEER_ACTION_TYPE = {
  eventType: "eventTypeRedirectUrl",
  externalRedirectUrl: "externalRedirectUrl",
  customPageMessage: "customPageMessage",
} as const;

/** What a form without a matching route shows. */
export const NO_ROUTE_MESSAGE = "Thank you. We have your answers and will be in touch.";

const EVENT_TYPE_SELECT = {
  id: true,
  slug: true,
  teamId: true,
  schedulingType: true,
  owner: { select: { username: true } },
  team: { select: { slug: true, parent: { select: { slug: true, isOrganization: true } } } },
  hosts: { select: { userId: true, isFixed: true } },
} as const;

/** The answers as query parameters: one per answer, a list repeated. */
export function answersQuery(answers: TCheckedAnswers): URLSearchParams {
  const query = new URLSearchParams();
  for (const [identifier, answer] of Object.entries(answers)) {
    for (const value of Array.isArray(answer) ? answer : [answer]) query.append(identifier, String(value));
  }
  return query;
}

async function chosenMembers(
  tx: Tx,
  teamId: number,
  members: NonNullable<Extract<TRouteAction, { type: "eventType" }>["members"]>,
  fields: readonly TRoutingFormField[],
  answers: TCheckedAnswers,
  rotating: number[],
): Promise<number[]> {
  let chosen: number[];
  if (members.kind === "fixed") chosen = members.userIds;
  else {
    const field = fields.find((candidate) => candidate.id === members.field);
    const memberships = await tx.membership.findMany({ where: { teamId, accepted: true }, select: { userId: true, attributes: true } });
    chosen = membersMatchingAttribute(memberships, members.attribute, field ? answers[field.identifier] : undefined);
  }
  // Empty (none kept) means every host: see the file's comment.
  return rotating.filter((userId) => chosen.includes(userId));
}

export async function destinationOf(
  tx: Tx,
  route: TRoutingRoute | null,
  fields: readonly TRoutingFormField[],
  answers: TCheckedAnswers,
  responseId: number,
): Promise<TDestination> {
  const action = route?.action;
  if (!action) return { type: "customPageMessage", message: NO_ROUTE_MESSAGE };
  if (action.type === "customPageMessage") return action;
  if (action.type === "externalRedirectUrl") {
    const url = new URL(action.url);
    for (const [name, value] of answersQuery(answers)) url.searchParams.append(name, value);
    return { type: "externalRedirectUrl", url: url.toString() };
  }
  const eventType = await tx.eventType.findUnique({ where: { id: action.eventTypeId }, select: EVENT_TYPE_SELECT });
  if (!eventType) throw new AppError("NOT_FOUND", "The event type this form routes to no longer exists");
  const rotating = eventType.hosts.filter((host) => !host.isFixed).map(({ userId }) => userId);
  const teamMemberIds =
    action.members && eventType.teamId !== null && eventType.schedulingType === "ROUND_ROBIN"
      ? await chosenMembers(tx, eventType.teamId, action.members, fields, answers, rotating)
      : [];
  const organization = eventType.team?.parent?.isOrganization ? eventType.team.parent.slug : null;
  const base = eventType.team ? teamPublicPath(eventType.team.slug, organization) : `/${eventType.owner?.username ?? ""}`;
  const query = answersQuery(answers);
  query.set("routingFormResponseId", String(responseId));
  return { type: "eventType", eventTypeId: eventType.id, path: `${base}/${eventType.slug}?${query}`, teamMemberIds };
}

/** The peer's chosen action, for the webhook body's `redirect`. */
export function redirectOf(destination: TDestination): { type: (typeof PEER_ACTION_TYPE)[keyof typeof PEER_ACTION_TYPE]; value: string; eventTypeId?: number } {
  switch (destination.type) {
    case "eventType":
      return { type: PEER_ACTION_TYPE.eventType, value: destination.path, eventTypeId: destination.eventTypeId };
    case "externalRedirectUrl":
      return { type: PEER_ACTION_TYPE.externalRedirectUrl, value: destination.url };
    case "customPageMessage":
      return { type: PEER_ACTION_TYPE.customPageMessage, value: destination.message };
  }
}
