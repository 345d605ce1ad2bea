/**
 * Every webhook the actor may manage, grouped by what it belongs to: the account, each personal event type, each
 * team event type of a team they own or administer. The site's list; each group names its owner so the actions on
 * its webhooks go through the same services and access rules as the /v2 routes of that level.
 */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { webhooksManageableBy, type WebhookOwner } from "./webhook-access";
import { toWebhookOutput, WEBHOOK_SELECT, type TWebhookOutput } from "./webhook.dto";

export type TWebhookGroup = { key: string; owner: WebhookOwner; label: string; webhooks: TWebhookOutput[] };

const GROUP_SELECT = {
  ...WEBHOOK_SELECT,
  eventType: { select: { id: true, title: true, teamId: true, team: { select: { name: true } } } },
} as const;

type Row = Awaited<ReturnType<typeof loadRows>>[number];

const loadRows = (actor: Actor) => db.webhook.findMany({ where: webhooksManageableBy(actor), select: GROUP_SELECT, orderBy: { id: "asc" } });

function groupOf(row: Row): Omit<TWebhookGroup, "webhooks"> {
  const eventType = row.eventType;
  if (!eventType) return { key: "account", owner: { kind: "user" }, label: "Your account" };
  if (eventType.teamId === null || !eventType.team) {
    return { key: `event-type-${eventType.id}`, owner: { kind: "eventType", eventTypeId: eventType.id }, label: `Event type: ${eventType.title}` };
  }
  return {
    key: `team-event-type-${eventType.id}`,
    owner: { kind: "teamEventType", teamId: eventType.teamId, eventTypeId: eventType.id },
    label: `Team ${eventType.team.name}, event type: ${eventType.title}`,
  };
}

/** The account's group comes first, even empty (the site creates account webhooks); the others in order of first webhook. */
export async function listWebhookGroups(actor: Actor): Promise<TWebhookGroup[]> {
  const groups = new Map<string, TWebhookGroup>([["account", { key: "account", owner: { kind: "user" }, label: "Your account", webhooks: [] }]]);
  for (const row of await loadRows(actor)) {
    const group = groupOf(row);
    if (!groups.has(group.key)) groups.set(group.key, { ...group, webhooks: [] });
    groups.get(group.key)!.webhooks.push(toWebhookOutput(row));
  }
  return [...groups.values()];
}
