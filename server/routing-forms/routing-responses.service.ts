/**
 * Submissions and responses. A submission (the form's public page, or the peer's POST …/responses) checks the answers,
 * chooses a route (routing-rules.ts), stores the response and writes FORM_SUBMITTED in one transaction, and says
 * where the booker goes (routing-destination.ts). `calculate-slots` routes without storing. Responses are listed and
 * corrected by those who read and write the form.
 */
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { Page } from "../http/pagination";
import { getSlots, type TSlotsOutput } from "../slots/slots-2024-09-04";
import { answersOfStored, checkAnswers, toStoredResponse, type TCheckedAnswers } from "./routing-answers";
import { destinationOf, redirectOf, type TDestination } from "./routing-destination";
import { requireRoutingFormPermission, routingFormsOf, type RoutingFormOwner } from "./routing-form-access";
import { emitFormSubmitted } from "./routing-form-events";
import type { TResponsesQuery } from "./routing-form-queries.schemas";
import { orderOf, responseFilters } from "./routing-form-queries";
import {
  fieldsOf,
  RESPONSE_SELECT,
  ROUTING_FORM_SELECT,
  routesOf,
  toResponseOutput,
  type RoutingFormRow,
  type TRoutingFormResponseOutput,
} from "./routing-form.dto";
import type { TRoutingFormAnswers } from "./routing-form.schemas";
import { routingFormNotFound } from "./routing-form.service";
import { chooseRoute } from "./routing-rules";
import type { TRoutingSlotsQuery } from "./routing-slots.schemas";
import { countFormSubmission } from "./submission-throttle";

export type TSubmission = { responseId: number; routeId: string | null; destination: TDestination };

async function enabledForm(where: Prisma.RoutingFormWhereInput): Promise<RoutingFormRow> {
  const form = await db.routingForm.findFirst({ where, select: ROUTING_FORM_SELECT });
  if (!form || form.disabled) throw routingFormNotFound();
  return form;
}

/** Stores the response and its FORM_SUBMITTED event together, and tells where the answers lead. */
async function submit(form: RoutingFormRow, answers: TRoutingFormAnswers, now: Date): Promise<TSubmission> {
  const fields = fieldsOf(form);
  const checked = checkAnswers(fields, answers);
  const route = chooseRoute(routesOf(form), fields, checked);
  return db.$transaction(async (tx) => {
    const { id: responseId } = await tx.routingFormResponse.create({
      data: { formId: form.id, response: toStoredResponse(fields, checked) as Prisma.InputJsonValue, chosenRouteId: route?.id ?? null },
      select: { id: true },
    });
    const destination = await destinationOf(tx, route, fields, checked, responseId);
    if (destination.type === "eventType" && destination.teamMemberIds.length)
      await tx.routingFormResponse.update({ where: { id: responseId }, data: { routedTeamMemberIds: destination.teamMemberIds } });
    const responses = Object.fromEntries(Object.entries(checked).map(([identifier, value]) => [identifier, { value, response: value }]));
    await emitFormSubmitted(
      tx,
      form,
      { formId: form.id, formName: form.name, teamId: form.teamId, responseId, responses, redirect: route ? redirectOf(destination) : null },
      now,
    );
    return { responseId, routeId: route?.id ?? null, destination };
  });
}

/** The public page's submission: any visitor, any enabled form. */
export const submitRoutingForm = async (formId: string, answers: TRoutingFormAnswers, now = new Date()): Promise<TSubmission> =>
  submit(await enabledForm({ id: formId }), answers, now);

/** The public page's submission from a visitor at `address`, counted against the per-address limit first. */
export async function submitRoutingFormFrom(address: string, formId: string, answers: TRoutingFormAnswers): Promise<TSubmission> {
  await countFormSubmission(address);
  return submitRoutingForm(formId, answers);
}

/** What the public page needs to show a form: its questions, and nothing of its routes. */
export async function findPublicRoutingForm(formId: string, organizationSlug?: string) {
  const organization = organizationSlug
    ? { team: { OR: [{ slug: organizationSlug, isOrganization: true }, { parent: { slug: organizationSlug, isOrganization: true } }] } }
    : {};
  const form = await db.routingForm.findFirst({ where: { id: formId, disabled: false, ...organization }, select: ROUTING_FORM_SELECT });
  return form ? { id: form.id, name: form.name, description: form.description, fields: fieldsOf(form) } : null;
}

/** The peer's CreateRoutingFormResponseOutputData: where the answers lead, with the routed event type's slots. */
export type TCreateResponseOutput = {
  eventTypeId?: number;
  routing?: { responseId: number; teamMemberIds: number[] };
  routingCustomMessage?: string;
  routingExternalRedirectUrl?: string;
  slots?: TSlotsOutput;
};

const slotsQueryOf = (eventTypeId: number, query: TRoutingSlotsQuery) => ({ ...query, eventTypeId });

export async function createRoutingFormResponse(
  actor: Actor,
  owner: RoutingFormOwner,
  formId: string,
  answers: TRoutingFormAnswers,
  query: TRoutingSlotsQuery,
): Promise<TCreateResponseOutput> {
  await requireRoutingFormPermission(actor, owner, "write");
  const { responseId, destination } = await submit(await enabledForm({ id: formId, ...routingFormsOf(actor, owner) }), answers, new Date());
  if (destination.type === "customPageMessage") return { routingCustomMessage: destination.message };
  if (destination.type === "externalRedirectUrl") return { routingExternalRedirectUrl: destination.url };
  const slots = await getSlots(slotsQueryOf(destination.eventTypeId, query), { teamMemberIds: destination.teamMemberIds });
  return { eventTypeId: destination.eventTypeId, routing: { responseId, teamMemberIds: destination.teamMemberIds }, slots };
}

/** The peer's calculate-slots: the event type the answers route to and its slots; nothing is stored. */
export async function calculateRoutedSlots(
  formId: string,
  answers: TRoutingFormAnswers,
  query: TRoutingSlotsQuery,
): Promise<{ eventTypeId: number; slots: TSlotsOutput }> {
  const form = await enabledForm({ id: formId });
  const fields = fieldsOf(form);
  const checked = checkAnswers(fields, answers);
  const route = chooseRoute(routesOf(form), fields, checked);
  if (route?.action.type !== "eventType")
    throw new AppError("BAD_REQUEST", "These answers do not route to an event type", [
      {
        path: "body",
        message: route ? `They route to ${route.action.type === "externalRedirectUrl" ? "an external URL" : "a message"}` : "No route matches them",
      },
    ]);
  const destination = await destinationOf(db, route, fields, checked, 0);
  if (destination.type !== "eventType") throw new Error("An event type route has an event type destination");
  return {
    eventTypeId: destination.eventTypeId,
    slots: await getSlots(slotsQueryOf(destination.eventTypeId, query), { teamMemberIds: destination.teamMemberIds }),
  };
}

async function formOfOwner(actor: Actor, owner: RoutingFormOwner, formId: string): Promise<RoutingFormRow> {
  const form = await db.routingForm.findFirst({ where: { id: formId, ...routingFormsOf(actor, owner) }, select: ROUTING_FORM_SELECT });
  if (!form) throw routingFormNotFound();
  return form;
}

export async function listRoutingFormResponses(
  actor: Actor,
  owner: RoutingFormOwner,
  formId: string,
  query: TResponsesQuery,
): Promise<Page<TRoutingFormResponseOutput>> {
  await requireRoutingFormPermission(actor, owner, "read");
  await formOfOwner(actor, owner, formId);
  const where = { formId, ...responseFilters(query) };
  const [rows, total] = await Promise.all([
    db.routingFormResponse.findMany({ where, select: RESPONSE_SELECT, orderBy: orderOf(query), take: query.take, skip: query.skip }),
    db.routingFormResponse.count({ where }),
  ]);
  return new Page(rows.map(toResponseOutput), total, query);
}

/**
 * A correction of the answers (the peer's PATCH): the answers given replace those stored for their questions, checked
 * as a submission's are (the required ones against the result); the route it took is kept, and nothing is re-sent.
 */
export async function updateRoutingFormResponse(
  actor: Actor,
  owner: RoutingFormOwner,
  formId: string,
  responseId: number,
  answers: TRoutingFormAnswers,
): Promise<TRoutingFormResponseOutput> {
  await requireRoutingFormPermission(actor, owner, "write");
  const form = await formOfOwner(actor, owner, formId);
  const fields = fieldsOf(form);
  return db.$transaction(async (tx) => {
    const current = await tx.routingFormResponse.findFirst({ where: { id: responseId, formId }, select: RESPONSE_SELECT });
    if (!current) throw new AppError("NOT_FOUND", "Routing form response not found");
    const merged: TCheckedAnswers = {
      ...answersOfStored(fields, current.response),
      ...checkAnswers(
        fields.map((field) => ({ ...field, required: false })),
        answers,
        "body.response",
      ),
    };
    const checked = checkAnswers(fields, merged, "body.response");
    const row = await tx.routingFormResponse.update({
      where: { id: responseId },
      data: { response: toStoredResponse(fields, checked) as Prisma.InputJsonValue },
      select: RESPONSE_SELECT,
    });
    return toResponseOutput(row);
  });
}

/** The site's table: the form's responses, newest first, with their answers by question (for the CSV export too). */
export async function listResponsesForSite(actor: Actor, owner: RoutingFormOwner, formId: string) {
  await requireRoutingFormPermission(actor, owner, "read");
  const form = await formOfOwner(actor, owner, formId);
  const rows = await db.routingFormResponse.findMany({
    where: { formId },
    select: RESPONSE_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 1000,
  });
  const fields = fieldsOf(form);
  return {
    fields: fields.map(({ id, label, identifier }) => ({ id, label, identifier })),
    responses: rows.map((row) => ({ ...toResponseOutput(row), answers: answersOfStored(fields, row.response) })),
  };
}
