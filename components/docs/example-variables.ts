/**
 * The shell variables the reference's examples use, and the lines of a page's "Before you try these" block that
 * define them on a fresh install. Each example names its resources by these variables (`$EVENT_TYPE_ID`) rather
 * than made-up ids, so it runs as written once the block has run; e2e/api/api-examples.spec.ts runs every one.
 *
 * A variable's lines may use the helpers of SETUP_PREAMBLE and the variables listed before it (a unit test checks
 * the order), and define it with a plain assignment: a failed request stops a `set -e` shell there, where an
 * `export X=$(…)` would hide it. The block exports them all at its end, for the TypeScript snippets' process.env.
 */

/** What a variable needs that no API call can make: an organization is made by the operator (or an instance admin). */
export type TPrerequisite = "organization";

export type TExampleVariable = {
  name: string;
  /** How the TypeScript snippets read it from process.env; a helper is a shell function of the block. */
  type: "number" | "string" | "helper";
  /** The path parameters it fills: the path up to and including the parameter, as in the OpenAPI document. */
  fills?: readonly string[];
  lines: readonly string[];
  /** Variables its lines use without naming them as `$NAME` (through a helper such as `slot`). */
  uses?: readonly string[];
  prerequisite?: TPrerequisite;
};

/**
 * Helpers every block starts with; CONVENE_URL comes from the page (the server it is served by). Written for bash
 * and zsh alike (zsh's `path` is its PATH, hence `route`). `pick` prints String(value): console.log colours a number
 * when FORCE_COLOR is set, and the colour codes would end up in the next request's URL.
 */
export const apiKeyLine = `CONVENE_API_KEY=cnv_…   # your API key: Settings → Developer → API keys`;

export const SETUP_PREAMBLE: readonly string[] = [
  `# api PATH [curl options]: a request with your key; pick EXPR: a value of the JSON answer's data (Node.js only)`,
  `api() { local route=$1; shift; curl -s "$CONVENE_URL$route" -H "Authorization: Bearer $CONVENE_API_KEY" -H 'Content-Type: application/json' "$@"; }`,
  `pick() { node -e 'const answer = require("fs").readFileSync(0, "utf8"); const data = JSON.parse(answer).data; const value = data && eval(process.argv[1]); if (value == null) { console.error(answer); process.exit(1); } console.log(String(value));' "$1"; }`,
];

const WORKFLOW_BODY =
  `{"name":"Reminder a day before","activation":{"isActiveOnAllEventTypes":true},"trigger":{"type":"beforeEvent","offset":{"value":24,"unit":"hour"}},` +
  `"steps":[{"stepNumber":1,"action":"email_attendee","message":{"subject":"Tomorrow: {EVENT_NAME}","html":"<p>See you at {EVENT_TIME}.</p>"}}]}`;
const WEBHOOK_BODY = `{"subscriberUrl":"https://example.com/convene-webhooks","triggers":["BOOKING_CREATED"],"active":true}`;
const TOPIC_QUESTION = `{"id":"5b0e3c9a-1f2d-4e6b-8a7c-9d0e1f2a3b4c","type":"text","label":"Topic","identifier":"topic","required":true}`;
const ROUTING_FORM_BODY = `{"name":"Try it","fields":[${TOPIC_QUESTION}]}`;
/** Yours routes every answer to your event type, so that calculate-slots has slots to answer. */
const OWN_ROUTING_FORM_BODY = `{"name":"Try it","fields":[${TOPIC_QUESTION}],"routes":[{"id":"8c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f","action":{"type":"eventType","eventTypeId":'$EVENT_TYPE_ID'},"isFallback":true}]}`;

/** In the order a block defines them: each one's lines use only those before it. */
export const EXAMPLE_VARIABLES: readonly TExampleVariable[] = [
  { name: "RUN", type: "string", lines: [`RUN=$RANDOM$RANDOM   # keeps slugs and e-mails unique when you run these twice`] },
  {
    name: "FROM",
    type: "string",
    lines: [`FROM=$(node -p 'new Date(Date.now() + 864e5).toISOString().slice(0, 10)')   # tomorrow (UTC)`],
  },
  { name: "TO", type: "string", lines: [`TO=$(node -p 'new Date(Date.now() + 8 * 864e5).toISOString().slice(0, 10)')   # a week later`] },
  {
    name: "USER_ID",
    type: "number",
    fills: ["/v2/teams/{teamId}/users/{userId}", "/v2/organizations/{orgId}/teams/{teamId}/users/{userId}", "/v2/bookings/{bookingUid}/reassign/{userId}"],
    lines: [`USER_ID=$(api /v2/me | pick data.id)   # you`],
  },
  {
    name: "EVENT_TYPE_ID",
    type: "number",
    fills: ["/v2/event-types/{eventTypeId}"],
    lines: [`EVENT_TYPE_ID=$(api /v2/event-types -d '{"title":"Try it","slug":"try-it-'$RUN'","lengthInMinutes":30}' | pick data.id)`],
  },
  {
    name: "SLOTS",
    type: "string",
    lines: [
      `SLOTS=$(curl -s "$CONVENE_URL/v2/slots?eventTypeId=$EVENT_TYPE_ID&start=$FROM&end=$TO" -H 'svc-api-version: 2024-09-04')`,
      `slot() { echo "$SLOTS" | pick "Object.values(data).flat()[$1].start"; }   # the Nth free slot of that week`,
    ],
  },
  { name: "START", type: "string", uses: ["SLOTS"], lines: [`START=$(slot 0)       # a free slot: the examples book or reserve it`] },
  { name: "NEW_START", type: "string", uses: ["SLOTS"], lines: [`NEW_START=$(slot 1)   # another: a reschedule moves there`] },
  {
    name: "book",
    type: "helper",
    lines: [
      `book() { api /v2/bookings -H 'svc-api-version: 2024-08-13' -d '{"eventTypeId":'$1',"start":"'$2'","attendee":{"name":"Grace Hopper","email":"grace-'$RUN'@example.com","timeZone":"Europe/London"}}'; }`,
    ],
  },
  {
    name: "BOOKING_UID",
    type: "string",
    fills: ["/v2/bookings/{bookingUid}"],
    uses: ["SLOTS", "book"],
    lines: [`BOOKING_UID=$(book $EVENT_TYPE_ID "$(slot 2)" | pick data.uid)`],
  },
  {
    name: "ATTENDEE_ID",
    type: "number",
    fills: ["/v2/bookings/{bookingUid}/attendees/{attendeeId}"],
    lines: [`ATTENDEE_ID=$(api /v2/bookings/$BOOKING_UID/attendees | pick 'data[0].id')`],
  },
  {
    name: "PENDING_UID",
    type: "string",
    uses: ["SLOTS", "book"],
    lines: [
      `CONFIRMED_EVENT_TYPE_ID=$(api /v2/event-types -d '{"title":"Try it, confirmed by me","slug":"confirmed-'$RUN'","lengthInMinutes":30,"requiresConfirmation":true}' | pick data.id)`,
      `PENDING_UID=$(book $CONFIRMED_EVENT_TYPE_ID "$(slot 3)" | pick data.uid)   # waits for your confirmation`,
    ],
  },
  {
    name: "SEAT_UID",
    type: "string",
    fills: ["/v2/bookings/by-seat/{seatUid}"],
    uses: ["SLOTS", "book"],
    lines: [
      `SEATED_EVENT_TYPE_ID=$(api /v2/event-types -d '{"title":"Try it, seated","slug":"seated-'$RUN'","lengthInMinutes":30,"seats":{"seatsPerTimeSlot":4,"showAttendeeInfo":false,"showAvailabilityCount":true}}' | pick data.id)`,
      `SEAT_UID=$(book $SEATED_EVENT_TYPE_ID "$(slot 4)" | pick data.seatUid)`,
    ],
  },
  {
    name: "RESERVATION_UID",
    type: "string",
    fills: ["/v2/slots/reservations/{uid}"],
    uses: ["SLOTS"],
    lines: [
      `RESERVATION_UID=$(api /v2/slots/reservations -H 'svc-api-version: 2024-09-04' -d '{"eventTypeId":'$EVENT_TYPE_ID',"slotStart":"'"$(slot 2)"'"}' | pick data.reservationUid)`,
    ],
  },
  {
    name: "LINK_ID",
    type: "string",
    fills: ["/v2/event-types/{eventTypeId}/private-links/{linkId}"],
    lines: [`LINK_ID=$(api /v2/event-types/$EVENT_TYPE_ID/private-links -d '{}' | pick data.linkId)`],
  },
  {
    name: "SCHEDULE_ID",
    type: "number",
    fills: ["/v2/schedules/{scheduleId}"],
    lines: [`SCHEDULE_ID=$(api /v2/schedules -d '{"name":"Try it","timeZone":"Europe/London"}' | pick data.id)`],
  },
  {
    name: "OOO_ID",
    type: "number",
    fills: ["/v2/me/ooo/{oooId}"],
    lines: [`OOO_ID=$(api /v2/me/ooo -d '{"start":"'$TO'T00:00:00Z","end":"'$TO'T23:59:00Z"}' | pick data.id)   # a day off, a week on`],
  },
  {
    name: "WEBHOOK_ID",
    type: "number",
    fills: ["/v2/webhooks/{webhookId}"],
    lines: [`WEBHOOK_ID=$(api /v2/webhooks -d '${WEBHOOK_BODY}' | pick data.id)`],
  },
  {
    name: "WEBHOOK_MESSAGE_ID",
    type: "string",
    fills: ["/v2/webhooks/{webhookId}/messages/{messageId}"],
    lines: [`WEBHOOK_MESSAGE_ID=$(api /v2/webhooks/$WEBHOOK_ID/test -X POST | pick data.messageId)   # a PING, sent now`],
  },
  {
    name: "EVENT_TYPE_WEBHOOK_ID",
    type: "number",
    fills: ["/v2/event-types/{eventTypeId}/webhooks/{webhookId}"],
    lines: [`EVENT_TYPE_WEBHOOK_ID=$(api /v2/event-types/$EVENT_TYPE_ID/webhooks -d '${WEBHOOK_BODY}' | pick data.id)`],
  },
  {
    name: "EVENT_TYPE_WEBHOOK_MESSAGE_ID",
    type: "string",
    fills: ["/v2/event-types/{eventTypeId}/webhooks/{webhookId}/messages/{messageId}"],
    lines: [
      `EVENT_TYPE_WEBHOOK_MESSAGE_ID=$(api /v2/event-types/$EVENT_TYPE_ID/webhooks/$EVENT_TYPE_WEBHOOK_ID/test -X POST | pick data.messageId)   # a PING, sent now`,
    ],
  },
  {
    name: "WORKFLOW_ID",
    type: "number",
    fills: ["/v2/workflows/{workflowId}"],
    lines: [`WORKFLOW_ID=$(api /v2/workflows -d '${WORKFLOW_BODY}' | pick data.id)`],
  },
  {
    name: "ROUTING_FORM_ID",
    type: "string",
    fills: ["/v2/routing-forms/{routingFormId}"],
    lines: [`ROUTING_FORM_ID=$(api /v2/routing-forms -d '${OWN_ROUTING_FORM_BODY}' | pick data.id)`],
  },
  {
    name: "TEAM_ID",
    type: "number",
    fills: ["/v2/teams/{teamId}"],
    lines: [`TEAM_ID=$(api /v2/teams -d '{"name":"Try it '$RUN'"}' | pick data.id)   # you are its owner`],
  },
  {
    name: "TEAM_EVENT_TYPE_ID",
    type: "number",
    fills: ["/v2/teams/{teamId}/event-types/{eventTypeId}"],
    lines: [
      `TEAM_EVENT_TYPE_ID=$(api /v2/teams/$TEAM_ID/event-types -d '{"title":"Try it","slug":"try-it","lengthInMinutes":30,"schedulingType":"roundRobin","assignAllTeamMembers":true}' | pick data.id)`,
    ],
  },
  {
    name: "TEAM_EVENT_TYPE_WEBHOOK_ID",
    type: "number",
    fills: ["/v2/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}"],
    lines: [`TEAM_EVENT_TYPE_WEBHOOK_ID=$(api /v2/teams/$TEAM_ID/event-types/$TEAM_EVENT_TYPE_ID/webhooks -d '${WEBHOOK_BODY}' | pick data.id)`],
  },
  {
    name: "TEAM_EVENT_TYPE_WEBHOOK_MESSAGE_ID",
    type: "string",
    fills: ["/v2/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}/messages/{messageId}"],
    lines: [
      `TEAM_EVENT_TYPE_WEBHOOK_MESSAGE_ID=$(api /v2/teams/$TEAM_ID/event-types/$TEAM_EVENT_TYPE_ID/webhooks/$TEAM_EVENT_TYPE_WEBHOOK_ID/test -X POST | pick data.messageId)   # a PING, sent now`,
    ],
  },
  {
    name: "TEAM_MEMBERSHIP_ID",
    type: "number",
    fills: ["/v2/teams/{teamId}/memberships/{membershipId}"],
    lines: [`TEAM_MEMBERSHIP_ID=$(api /v2/teams/$TEAM_ID/memberships | pick 'data[0].id')   # yours`],
  },
  {
    name: "TEAM_OOO_ID",
    type: "number",
    fills: ["/v2/teams/{teamId}/users/{userId}/ooo/{oooId}"],
    lines: [`TEAM_OOO_ID=$(api /v2/teams/$TEAM_ID/users/$USER_ID/ooo -d '{"start":"'$TO'T00:00:00Z","end":"'$TO'T23:59:00Z"}' | pick data.id)`],
  },
  {
    name: "TEAM_WORKFLOW_ID",
    type: "number",
    fills: ["/v2/teams/{teamId}/workflows/{workflowId}"],
    lines: [`TEAM_WORKFLOW_ID=$(api /v2/teams/$TEAM_ID/workflows -d '${WORKFLOW_BODY}' | pick data.id)`],
  },
  {
    name: "TEAM_ROUTING_FORM_ID",
    type: "string",
    fills: ["/v2/teams/{teamId}/routing-forms/{routingFormId}"],
    lines: [`TEAM_ROUTING_FORM_ID=$(api /v2/teams/$TEAM_ID/routing-forms -d '${ROUTING_FORM_BODY}' | pick data.id)`],
  },
  {
    name: "ORG_ID",
    type: "number",
    fills: ["/v2/organizations/{orgId}"],
    prerequisite: "organization",
    lines: [
      `# Needs an organization you own; the operator makes one: npm run cli -- org:create --name Acme --slug acme --owner <your e-mail>`,
      `ORG_ID=$(api /v2/me | pick data.organizationId)`,
    ],
  },
  {
    name: "ORG_USER_ID",
    type: "number",
    fills: ["/v2/organizations/{orgId}/users/{userId}"],
    lines: [`ORG_USER_ID=$(api /v2/organizations/$ORG_ID/users -d '{"email":"member-'$RUN'@example.com"}' | pick data.id)   # a new member`],
  },
  {
    name: "ORG_MEMBERSHIP_ID",
    type: "number",
    fills: ["/v2/organizations/{orgId}/memberships/{membershipId}"],
    lines: [`ORG_MEMBERSHIP_ID=$(api /v2/organizations/$ORG_ID/memberships | pick "data.find((m) => m.userId == $ORG_USER_ID).id")`],
  },
  {
    name: "ORG_TEAM_ID",
    type: "number",
    fills: ["/v2/organizations/{orgId}/teams/{teamId}"],
    lines: [`ORG_TEAM_ID=$(api /v2/organizations/$ORG_ID/teams -d '{"name":"Try it '$RUN'"}' | pick data.id)`],
  },
  {
    name: "ORG_TEAM_MEMBERSHIP_ID",
    type: "number",
    fills: ["/v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}"],
    lines: [
      `ORG_TEAM_MEMBERSHIP_ID=$(api /v2/organizations/$ORG_ID/teams/$ORG_TEAM_ID/memberships -d '{"userId":'$ORG_USER_ID',"accepted":true}' | pick data.id)`,
    ],
  },
  {
    name: "ORG_TEAM_EVENT_TYPE_ID",
    type: "number",
    fills: ["/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}"],
    lines: [
      `ORG_TEAM_EVENT_TYPE_ID=$(api /v2/organizations/$ORG_ID/teams/$ORG_TEAM_ID/event-types -d '{"title":"Try it","slug":"try-it","lengthInMinutes":30,"schedulingType":"roundRobin","assignAllTeamMembers":true}' | pick data.id)`,
    ],
  },
  {
    name: "ORG_TEAM_BOOKING_UID",
    type: "string",
    fills: ["/v2/organizations/{orgId}/teams/{teamId}/bookings/{bookingUid}"],
    uses: ["SLOTS", "book"],
    lines: [`ORG_TEAM_BOOKING_UID=$(book $ORG_TEAM_EVENT_TYPE_ID "$(slot 0)" | pick data.uid)`],
  },
  {
    name: "ORG_TEAM_LINK_ID",
    type: "string",
    fills: ["/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links/{linkId}"],
    lines: [
      `ORG_TEAM_LINK_ID=$(api /v2/organizations/$ORG_ID/teams/$ORG_TEAM_ID/event-types/$ORG_TEAM_EVENT_TYPE_ID/private-links -d '{}' | pick data.linkId)`,
    ],
  },
  {
    name: "ORG_TEAM_WORKFLOW_ID",
    type: "number",
    fills: ["/v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}"],
    lines: [`ORG_TEAM_WORKFLOW_ID=$(api /v2/organizations/$ORG_ID/teams/$ORG_TEAM_ID/workflows -d '${WORKFLOW_BODY}' | pick data.id)`],
  },
  {
    name: "ORG_TEAM_ROUTING_FORM_ID",
    type: "string",
    fills: ["/v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}", "/v2/organizations/{orgId}/routing-forms/{routingFormId}"],
    lines: [`ORG_TEAM_ROUTING_FORM_ID=$(api /v2/teams/$ORG_TEAM_ID/routing-forms -d '${ROUTING_FORM_BODY}' | pick data.id)`],
  },
  {
    name: "ORG_RESPONSE_ID",
    type: "number",
    fills: [
      "/v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses/{responseId}",
      "/v2/organizations/{orgId}/routing-forms/{routingFormId}/responses/{responseId}",
    ],
    lines: [
      `api "/v2/organizations/$ORG_ID/routing-forms/$ORG_TEAM_ROUTING_FORM_ID/responses?start=$FROM&end=$TO" -d '{"topic":"Pricing"}' > /dev/null   # an answer`,
      `ORG_RESPONSE_ID=$(api /v2/organizations/$ORG_ID/routing-forms/$ORG_TEAM_ROUTING_FORM_ID/responses | pick 'data[0].id')`,
    ],
  },
  {
    name: "ORG_SCHEDULE_ID",
    type: "number",
    fills: ["/v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}"],
    lines: [`ORG_SCHEDULE_ID=$(api /v2/organizations/$ORG_ID/users/$ORG_USER_ID/schedules -d '{"name":"Try it","timeZone":"Europe/London"}' | pick data.id)`],
  },
  {
    name: "ORG_OOO_ID",
    type: "number",
    fills: ["/v2/organizations/{orgId}/users/{userId}/ooo/{oooId}"],
    lines: [`ORG_OOO_ID=$(api /v2/organizations/$ORG_ID/users/$ORG_USER_ID/ooo -d '{"start":"'$TO'T00:00:00Z","end":"'$TO'T23:59:00Z"}' | pick data.id)`],
  },
  {
    name: "ORG_WEBHOOK_ID",
    type: "number",
    fills: ["/v2/organizations/{orgId}/webhooks/{webhookId}"],
    lines: [`ORG_WEBHOOK_ID=$(api /v2/organizations/$ORG_ID/webhooks -d '${WEBHOOK_BODY}' | pick data.id)`],
  },
  {
    name: "ORG_WEBHOOK_MESSAGE_ID",
    type: "string",
    fills: ["/v2/organizations/{orgId}/webhooks/{webhookId}/messages/{messageId}"],
    lines: [`ORG_WEBHOOK_MESSAGE_ID=$(api /v2/organizations/$ORG_ID/webhooks/$ORG_WEBHOOK_ID/test -X POST | pick data.messageId)   # a PING, sent now`],
  },
];

const byName = new Map(EXAMPLE_VARIABLES.map((variable) => [variable.name, variable]));
export const exampleVariable = (name: string) => byName.get(name);

const REFERENCE = /\$\{?([A-Z][A-Z0-9_]*)/g;
/** The variables a text refers to as `$NAME` or `${NAME}` (the shell's own, RANDOM, left out). */
export const variablesIn = (text: string) => [...new Set([...text.matchAll(REFERENCE)].map((match) => match[1]!))].filter((name) => byName.has(name));

/** The variable a path parameter is filled with, from the path up to and including it; null when none does. */
export function variableForParameter(path: string, parameter: string): TExampleVariable | null {
  const end = path.indexOf(`{${parameter}}`);
  if (end < 0) return null;
  const prefix = path.slice(0, end + parameter.length + 2);
  return EXAMPLE_VARIABLES.find((variable) => variable.fills?.includes(prefix)) ?? null;
}

/** The variables a variable's lines need first: named as `$NAME`, or listed in `uses`. */
export const dependenciesOf = (variable: TExampleVariable) => [
  ...new Set([...variablesIn(variable.lines.join("\n")).filter((name) => name !== variable.name), ...(variable.uses ?? [])]),
];

/** `names` and everything they need, in the table's order. */
export function withDependencies(names: Iterable<string>): TExampleVariable[] {
  const wanted = new Set<string>();
  const visit = (name: string) => {
    if (wanted.has(name)) return;
    const variable = byName.get(name);
    if (!variable) throw new Error(`No example variable ${name}`);
    wanted.add(name);
    dependenciesOf(variable).forEach(visit);
  };
  [...names].forEach(visit);
  return EXAMPLE_VARIABLES.filter((variable) => wanted.has(variable.name));
}
