/**
 * A routing form's input: its questions (the booking form's kinds, checked by the booking form's own answer rules,
 * routing-answers.ts) and its ordered routes, each a rule over the answers and where it sends the booker. The same
 * schemas validate the site's builder, the tRPC procedures and the REST bodies (docs/routing-forms.md).
 */
import { z } from "zod";
import { ZIdField } from "../http/ids";

/** The booking form's kinds a routing form asks (server/event-types/booking-fields.ts), plus the booker's e-mail. */
export const ROUTING_FIELD_TYPES = ["text", "textarea", "number", "select", "multiselect", "radio", "checkbox", "email", "phone"] as const;
export type TRoutingFieldType = (typeof ROUTING_FIELD_TYPES)[number];
export const ROUTING_FIELD_TYPES_WITH_OPTIONS: readonly TRoutingFieldType[] = ["select", "multiselect", "radio", "checkbox"];
export const MAX_ROUTING_FIELDS = 50;
export const MAX_ROUTES = 50;

const ZOptions = z
  .array(z.string().trim().min(1, "An option is not empty").max(200, "An option is at most 200 characters"))
  .max(100, "At most 100 options")
  .refine((options) => new Set(options).size === options.length, "Options must be distinct");

export const ZRoutingFormField = z
  .object({
    id: z.uuid().describe("Stable id of the question: responses are stored by it"),
    type: z.enum(ROUTING_FIELD_TYPES),
    label: z.string().trim().min(1, "label is required").max(200, "label is at most 200 characters"),
    identifier: z
      .string()
      .min(1, "identifier is required")
      .max(64, "identifier is at most 64 characters")
      .regex(/^[a-zA-Z][a-zA-Z0-9_-]*$/, "identifier starts with a letter and has letters, digits, - and _ only")
      .describe("The answer's name in a submission, the webhook body and the booking page's prefill (a booking field with this slug is filled)"),
    required: z.boolean().default(false),
    placeholder: z.string().max(200).default(""),
    options: ZOptions.default([]).describe("The choices of select, multiselect, radio and checkbox"),
  })
  .strict()
  .superRefine((field, context) => {
    const needsOptions = ROUTING_FIELD_TYPES_WITH_OPTIONS.includes(field.type);
    if (needsOptions && field.options.length === 0) context.addIssue({ code: "custom", path: ["options"], message: "At least one option" });
    if (!needsOptions && field.options.length > 0) context.addIssue({ code: "custom", path: ["options"], message: `A ${field.type} question has no options` });
  });
export type TRoutingFormField = z.output<typeof ZRoutingFormField>;

export const CONDITION_OPERATORS = ["equals", "notEquals", "contains", "anyOf", "between"] as const;
export type TConditionOperator = (typeof CONDITION_OPERATORS)[number];

const ZAnswerValue = z.string().max(1000);
export const ZRoutingCondition = z.discriminatedUnion("operator", [
  z.object({ field: z.uuid().describe("The question's id"), operator: z.literal("equals"), value: ZAnswerValue }).strict(),
  z.object({ field: z.uuid(), operator: z.literal("notEquals"), value: ZAnswerValue }).strict(),
  z.object({ field: z.uuid(), operator: z.literal("contains"), value: ZAnswerValue.min(1, "value is required") }).strict(),
  z.object({ field: z.uuid(), operator: z.literal("anyOf"), values: z.array(ZAnswerValue).min(1, "At least one value").max(100) }).strict(),
  z
    .object({ field: z.uuid(), operator: z.literal("between"), min: z.number().finite().optional(), max: z.number().finite().optional() })
    .strict()
    .refine((range) => range.min !== undefined || range.max !== undefined, "Give min, max or both")
    .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, "min is at most max"),
]);
export type TRoutingCondition = z.output<typeof ZRoutingCondition>;

/** Which of a team round robin's hosts a route keeps: those whose membership attribute equals an answer, or a fixed list. */
export const ZRouteMembers = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("attribute"),
      attribute: z.string().trim().min(1).max(64).describe("The membership attribute to compare (Membership.attributes)"),
      field: z.uuid().describe("The question whose answer the attribute must equal (or include, for a list attribute)"),
    })
    .strict(),
  z.object({ kind: z.literal("fixed"), userIds: z.array(ZIdField).min(1, "At least one member").max(100) }).strict(),
]);
export type TRouteMembers = z.output<typeof ZRouteMembers>;

export const ZRouteAction = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("eventType"),
      eventTypeId: ZIdField.describe("An event type of the form's owner (the user's own, or the team's)"),
      members: ZRouteMembers.optional().describe("A team round robin's hosts narrowed by a rule; left out: every host"),
    })
    .strict(),
  z.object({ type: z.literal("externalRedirectUrl"), url: z.url({ protocol: /^https?$/, message: "Must be an http(s) URL" }).max(2048) }).strict(),
  z.object({ type: z.literal("customPageMessage"), message: z.string().trim().min(1, "message is required").max(2000) }).strict(),
]);
export type TRouteAction = z.output<typeof ZRouteAction>;

export const ZRoutingRoute = z
  .object({
    id: z.uuid(),
    action: ZRouteAction,
    combinator: z.enum(["all", "any"]).default("all").describe("all: every condition must hold; any: one is enough"),
    conditions: z.array(ZRoutingCondition).max(50).default([]),
    isFallback: z.boolean().default(false).describe("Taken when no other route matches; at most one, the last"),
  })
  .strict();
export type TRoutingRoute = z.output<typeof ZRoutingRoute>;

const ZFields = z.array(ZRoutingFormField).max(MAX_ROUTING_FIELDS, `At most ${MAX_ROUTING_FIELDS} questions`);
const ZRoutes = z.array(ZRoutingRoute).max(MAX_ROUTES, `At most ${MAX_ROUTES} routes`);

/** Ids and identifiers are unique; every condition names a question; the fallback, if any, comes last. */
function refineForm(form: { fields?: TRoutingFormField[]; routes?: TRoutingRoute[] }, context: z.RefinementCtx) {
  const fields = form.fields ?? [];
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    if (seen.has(field.id)) context.addIssue({ code: "custom", path: ["fields", index, "id"], message: "Question ids are distinct" });
    if (seen.has(field.identifier.toLowerCase()))
      context.addIssue({ code: "custom", path: ["fields", index, "identifier"], message: `identifier ${field.identifier} is given twice` });
    seen.add(field.id).add(field.identifier.toLowerCase());
  });
  const routes = form.routes ?? [];
  routes.forEach((route, index) => {
    if (route.isFallback && index !== routes.length - 1)
      context.addIssue({ code: "custom", path: ["routes", index, "isFallback"], message: "The fallback route is the last one" });
    if (form.fields === undefined) return;
    route.conditions.forEach((condition, at) => {
      if (!fields.some((field) => field.id === condition.field))
        context.addIssue({ code: "custom", path: ["routes", index, "conditions", at, "field"], message: "No question with this id" });
    });
    const members = route.action.type === "eventType" ? route.action.members : undefined;
    if (members?.kind === "attribute" && !fields.some((field) => field.id === members.field))
      context.addIssue({ code: "custom", path: ["routes", index, "action", "members", "field"], message: "No question with this id" });
  });
}

export const ZCreateRoutingFormInput = z
  .object({
    name: z.string().trim().min(1, "name is required").max(200),
    description: z.string().trim().max(2000).nullable().default(null),
    disabled: z.boolean().default(false),
    fields: ZFields.default([]),
    routes: ZRoutes.default([]),
  })
  .strict()
  .superRefine(refineForm);
export type TCreateRoutingFormInput = z.output<typeof ZCreateRoutingFormInput>;

export const ZUpdateRoutingFormInput = z
  .object({
    name: z.string().trim().min(1, "name is required").max(200).optional(),
    description: z.string().trim().max(2000).nullable().optional(),
    disabled: z.boolean().optional(),
    fields: ZFields.optional(),
    routes: ZRoutes.optional(),
  })
  .strict()
  .superRefine(refineForm);
export type TUpdateRoutingFormInput = z.output<typeof ZUpdateRoutingFormInput>;

/** A submission: answers by question identifier (or id), as the peer's POST …/responses body. */
export const ZRoutingFormAnswers = z
  .record(z.string().min(1).max(64), z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(1000)).max(100)]))
  .describe("Answers by question identifier (or id): a string, a number, or a list of options for multiselect and checkbox");
export type TRoutingFormAnswers = z.output<typeof ZRoutingFormAnswers>;
