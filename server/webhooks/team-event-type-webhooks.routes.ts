/** Webhooks of a team event type: TEAM_EVENT_TYPE_READ / _WRITE, members read, OWNERs and ADMINs change (role-table.ts). */
import { webhookLevelRoutes } from "./webhook-level.routes";
import { ZEventTypeWebhookOutput } from "./webhook.dto";
import { ZTeamEventTypeWebhookParams, ZTeamEventTypeWebhooksParams } from "./webhook.schemas";

const teamRead = { scope: "TEAM_EVENT_TYPE_READ", team: { param: "teamId", permission: "eventType.read" } } as const;
const teamWrite = { scope: "TEAM_EVENT_TYPE_WRITE", team: { param: "teamId", permission: "eventType.write" } } as const;

export const {
  list: listTeamEventTypeWebhooksRoute,
  create: createTeamEventTypeWebhookRoute,
  deleteAll: deleteTeamEventTypeWebhooksRoute,
  get: getTeamEventTypeWebhookRoute,
  update: updateTeamEventTypeWebhookRoute,
  remove: deleteTeamEventTypeWebhookRoute,
  listDeliveries: listTeamEventTypeDeliveriesRoute,
  redeliver: redeliverTeamEventTypeMessageRoute,
  sendTest: sendTeamEventTypeTestEventRoute,
  all: teamEventTypeWebhookRoutes,
} = webhookLevelRoutes({
  path: "/v2/teams/{teamId}/event-types/{eventTypeId}/webhooks",
  tag: "Team event type webhooks",
  noun: "a team event type webhook",
  summaries: {
    list: "Get a team event type's webhooks",
    create: "Create a team event type webhook (the answer shows its secret, once)",
    deleteAll: "Delete all of a team event type's webhooks",
    get: "Get a team event type webhook",
    update: "Update a team event type webhook",
    delete: "Delete a team event type webhook",
  },
  params: ZTeamEventTypeWebhooksParams,
  itemParams: ZTeamEventTypeWebhookParams,
  owner: ({ teamId, eventTypeId }) => ({ kind: "teamEventType", teamId, eventTypeId }),
  read: teamRead,
  write: teamWrite,
  // Api-key-only, the spec's TEAM_EVENT_TYPE_ rows not listing them, and held to the team's roles like the webhook's
  // own routes: every member reads the log, OWNERs and ADMINs act (role-table.ts, CONVENE_TEAM_OPERATIONS).
  deliveries: { read: { scope: null, team: teamRead.team }, write: { scope: null, team: teamWrite.team } },
  response: ZEventTypeWebhookOutput,
});
