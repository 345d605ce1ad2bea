/** Routing forms and their responses as the peer's RoutingFormOutput and RoutingFormResponseOutput answer them. */
import { z } from "zod";
import type { Prisma } from "../db/generated/client";
import { ZRoutingFormField, ZRoutingRoute, type TRoutingFormField, type TRoutingRoute } from "./routing-form.schemas";

export const ROUTING_FORM_SELECT = {
  id: true,
  name: true,
  description: true,
  position: true,
  userId: true,
  teamId: true,
  disabled: true,
  fields: true,
  routes: true,
  settings: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.RoutingFormSelect;
export type RoutingFormRow = Prisma.RoutingFormGetPayload<{ select: typeof ROUTING_FORM_SELECT }>;

/** The stored questions and routes, as written through the schemas (a row written otherwise reads as none). */
export const fieldsOf = (row: { fields: unknown }): TRoutingFormField[] => z.array(ZRoutingFormField).catch([]).parse(row.fields);
export const routesOf = (row: { routes: unknown }): TRoutingRoute[] => z.array(ZRoutingRoute).catch([]).parse(row.routes);

export const ZRoutingFormOutput = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  userId: z.number().int().describe("Who made the form (a team form's author)"),
  teamId: z.number().int().nullable(),
  disabled: z.boolean(),
  fields: z.array(ZRoutingFormField),
  routes: z.array(ZRoutingRoute),
  settings: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TRoutingFormOutput = z.infer<typeof ZRoutingFormOutput>;

export function toRoutingFormOutput(row: RoutingFormRow): TRoutingFormOutput {
  const settings = row.settings && typeof row.settings === "object" && !Array.isArray(row.settings) ? (row.settings as Record<string, unknown>) : {};
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    position: row.position,
    userId: row.userId,
    teamId: row.teamId,
    disabled: row.disabled,
    fields: fieldsOf(row),
    routes: routesOf(row),
    settings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const RESPONSE_SELECT = {
  id: true,
  formId: true,
  formFillerId: true,
  response: true,
  chosenRouteId: true,
  routedTeamMemberIds: true,
  routedToBookingUid: true,
  createdAt: true,
} as const satisfies Prisma.RoutingFormResponseSelect;
export type ResponseRow = Prisma.RoutingFormResponseGetPayload<{ select: typeof RESPONSE_SELECT }>;

const ZStoredAnswer = z.object({ label: z.string(), value: z.union([z.string(), z.number(), z.array(z.string())]) });

export const ZRoutingFormResponseOutput = z.object({
  id: z.number().int(),
  formId: z.string(),
  formFillerId: z.string(),
  routedToBookingUid: z.string().nullable().describe("The booking made from this response; null until one is"),
  response: z.record(z.string(), ZStoredAnswer).describe("The answers by question id: its label and the value given"),
  chosenRouteId: z.string().nullable().describe("Convene's: the route the answers took (null: none matched and the form has no fallback)"),
  createdAt: z.iso.datetime(),
});
export type TRoutingFormResponseOutput = z.infer<typeof ZRoutingFormResponseOutput>;

export function toResponseOutput(row: ResponseRow): TRoutingFormResponseOutput {
  return {
    id: row.id,
    formId: row.formId,
    formFillerId: row.formFillerId,
    routedToBookingUid: row.routedToBookingUid,
    response: z.record(z.string(), ZStoredAnswer).catch({}).parse(row.response),
    chosenRouteId: row.chosenRouteId,
    createdAt: row.createdAt.toISOString(),
  };
}
