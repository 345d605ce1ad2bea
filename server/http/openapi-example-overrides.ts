/**
 * The examples of the OpenAPI document: made from each operation's schema (openapi-examples.ts), except where a
 * generated one would read wrong to a developer (a body that names its event type two ways, say). These are checked
 * exactly as the generated ones, so an override that drifts from its route fails the same tests.
 */
import { exampleOf } from "./openapi-examples";
import type { RouteDeclaration } from "./route-definition";

type JsonSchema = Record<string, unknown>;
type TOverride = { request?: unknown; data?: unknown };

const BOOKER = { name: "Grace Hopper", email: "grace@example.com", timeZone: "Europe/London" };

const WORKFLOW = {
  name: "Reminder a day before",
  activation: { isActiveOnAllEventTypes: true },
  trigger: { type: "beforeEvent", offset: { value: 24, unit: "hour" } },
  steps: [
    {
      stepNumber: 1,
      action: "email_attendee",
      message: { subject: "Tomorrow: {EVENT_NAME}", html: "<p>Hi {ATTENDEE_NAME}, see you at {EVENT_TIME} ({TIMEZONE}).</p>" },
    },
  ],
};

/** Keyed by `METHOD /path` as the route declares it. */
export const EXAMPLE_OVERRIDES: Record<string, TOverride> = {
  "POST /v2/bookings": { request: { eventTypeId: 42, start: "2050-09-05T09:00:00Z", attendee: BOOKER } },
  // lengthInMinutes, or its older name length, is required: the schema cannot say "one of the two", the example does.
  "POST /v2/event-types": { request: { title: "Intro call", slug: "intro-call", lengthInMinutes: 30 } },
  "POST /v2/teams/{teamId}/event-types": { request: { title: "Intro call", slug: "intro-call", lengthInMinutes: 30, schedulingType: "roundRobin" } },
  "POST /v2/organizations/{orgId}/teams/{teamId}/event-types": {
    request: { title: "Intro call", slug: "intro-call", lengthInMinutes: 30, schedulingType: "roundRobin" },
  },
  // An e-mail step needs its subject and body, which the schema cannot say per action.
  "POST /v2/workflows": { request: WORKFLOW },
  "POST /v2/teams/{teamId}/workflows": { request: WORKFLOW },
  "POST /v2/organizations/{orgId}/teams/{teamId}/workflows": { request: WORKFLOW },
  // slotStart, or the older slotUtcStartDate (with slotUtcEndDate): one of the two.
  "POST /v2/slots/reserve": { request: { eventTypeId: 42, slotUtcStartDate: "2050-09-05T09:00:00Z", slotUtcEndDate: "2050-09-05T09:30:00Z" } },
};

const keyOf = (route: Pick<RouteDeclaration, "method" | "path">) => `${route.method} ${route.path}`;

export function requestExampleOf(route: RouteDeclaration, schema: JsonSchema): unknown {
  return EXAMPLE_OVERRIDES[keyOf(route)]?.request ?? exampleOf(schema, "request");
}

/** The success envelope's example: `data` overridden or made from the schema, the rest from the schema. */
export function successExampleOf(route: RouteDeclaration, envelope: JsonSchema): unknown {
  const example = exampleOf(envelope, "response") as Record<string, unknown>;
  const data = EXAMPLE_OVERRIDES[keyOf(route)]?.data;
  return data === undefined ? example : { ...example, data: route.paginated ? [data] : data };
}
