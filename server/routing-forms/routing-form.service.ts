/**
 * Routing forms of a user or a team (routing-form-access.ts says whose): list, read, create, update, delete. A route
 * may send only to an event type of the form's owner, and a fixed member list only to the team's accepted members:
 * both are checked when the form is saved, so a submission never finds a route it cannot follow.
 */
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors";
import { Page } from "../http/pagination";
import { eventTypesForRoutingOf, requireRoutingFormPermission, routingFormsOf, type RoutingFormOwner } from "./routing-form-access";
import { ROUTING_FORM_SELECT, toRoutingFormOutput, type TRoutingFormOutput } from "./routing-form.dto";
import type { TCreateRoutingFormInput, TRoutingRoute, TUpdateRoutingFormInput } from "./routing-form.schemas";
import type { TRoutingFormsQuery } from "./routing-form-queries.schemas";
import { orderOf, routingFormFilters } from "./routing-form-queries";

export const routingFormNotFound = () => new AppError("NOT_FOUND", "Routing form not found");

export async function listRoutingForms(actor: Actor, owner: RoutingFormOwner, query: TRoutingFormsQuery): Promise<Page<TRoutingFormOutput>> {
  await requireRoutingFormPermission(actor, owner, "read");
  const where: Prisma.RoutingFormWhereInput = { AND: [routingFormsOf(actor, owner), routingFormFilters(query)] };
  const [rows, total] = await Promise.all([
    db.routingForm.findMany({ where, select: ROUTING_FORM_SELECT, orderBy: orderOf(query), take: query.take, skip: query.skip }),
    db.routingForm.count({ where }),
  ]);
  return new Page(rows.map(toRoutingFormOutput), total, query);
}

export async function getRoutingForm(actor: Actor, owner: RoutingFormOwner, formId: string): Promise<TRoutingFormOutput> {
  await requireRoutingFormPermission(actor, owner, "read");
  const row = await db.routingForm.findFirst({ where: { id: formId, ...routingFormsOf(actor, owner) }, select: ROUTING_FORM_SELECT });
  if (!row) throw routingFormNotFound();
  return toRoutingFormOutput(row);
}

/** Each route's event type must be the owner's; a fixed member list must name accepted members of the team. */
async function checkRoutes(tx: Tx, form: { userId: number; teamId: number | null }, routes: TRoutingRoute[]): Promise<void> {
  const issues: { path: string; message: string }[] = [];
  for (const [index, route] of routes.entries()) {
    if (route.action.type !== "eventType") continue;
    const path = `body.routes.${index}.action`;
    const eventType = await tx.eventType.findFirst({
      where: { id: route.action.eventTypeId, ...eventTypesForRoutingOf(form) },
      select: { schedulingType: true },
    });
    if (!eventType) {
      issues.push({ path: `${path}.eventTypeId`, message: `No event type ${route.action.eventTypeId} of ${form.teamId === null ? "yours" : "this team"}` });
      continue;
    }
    const members = route.action.members;
    if (!members) continue;
    if (form.teamId === null || eventType.schedulingType !== "ROUND_ROBIN") {
      issues.push({ path: `${path}.members`, message: "Members are chosen only for a team's round-robin event type" });
      continue;
    }
    if (members.kind === "fixed") {
      const found = await tx.membership.count({ where: { teamId: form.teamId, accepted: true, userId: { in: members.userIds } } });
      if (found !== new Set(members.userIds).size)
        issues.push({ path: `${path}.members.userIds`, message: "Every member must be an accepted member of the team" });
    }
  }
  if (issues.length) throw new AppError("BAD_REQUEST", "Invalid routes", issues);
}

const json = (value: unknown) => value as Prisma.InputJsonValue;

export async function createRoutingForm(actor: Actor, owner: RoutingFormOwner, input: TCreateRoutingFormInput): Promise<TRoutingFormOutput> {
  if (owner.kind === "org") throw new AppError("BAD_REQUEST", "A routing form belongs to a user or a team");
  await requireRoutingFormPermission(actor, owner, "write");
  const teamId = owner.kind === "team" ? owner.teamId : null;
  return db.$transaction(async (tx) => {
    await checkRoutes(tx, { userId: actor.userId, teamId }, input.routes);
    const row = await tx.routingForm.create({
      data: {
        name: input.name,
        description: input.description,
        disabled: input.disabled,
        userId: actor.userId,
        teamId,
        fields: json(input.fields),
        routes: json(input.routes),
      },
      select: ROUTING_FORM_SELECT,
    });
    return toRoutingFormOutput(row);
  });
}

export async function updateRoutingForm(actor: Actor, owner: RoutingFormOwner, formId: string, input: TUpdateRoutingFormInput): Promise<TRoutingFormOutput> {
  await requireRoutingFormPermission(actor, owner, "write");
  return db.$transaction(async (tx) => {
    const current = await tx.routingForm.findFirst({ where: { id: formId, ...routingFormsOf(actor, owner) }, select: ROUTING_FORM_SELECT });
    if (!current) throw routingFormNotFound();
    const output = toRoutingFormOutput(current);
    const fields = input.fields ?? output.fields;
    const routes = input.routes ?? output.routes;
    // Routes name questions by id: a change of either is checked against the other as saved together.
    const unknownField = routes.flatMap((route, index) =>
      route.conditions.flatMap((condition, at) =>
        fields.some((field) => field.id === condition.field)
          ? []
          : [{ path: `body.routes.${index}.conditions.${at}.field`, message: "No question with this id" }],
      ),
    );
    if (unknownField.length) throw new AppError("BAD_REQUEST", "Invalid routes", unknownField);
    await checkRoutes(tx, current, routes);
    const row = await tx.routingForm.update({
      where: { id: formId },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
        ...(input.fields ? { fields: json(input.fields) } : {}),
        ...(input.routes ? { routes: json(input.routes) } : {}),
      },
      select: ROUTING_FORM_SELECT,
    });
    return toRoutingFormOutput(row);
  });
}

/** Its responses go with it (cascade). */
export async function deleteRoutingForm(actor: Actor, owner: RoutingFormOwner, formId: string): Promise<TRoutingFormOutput> {
  await requireRoutingFormPermission(actor, owner, "write");
  return db.$transaction(async (tx) => {
    const row = await tx.routingForm.findFirst({ where: { id: formId, ...routingFormsOf(actor, owner) }, select: ROUTING_FORM_SELECT });
    if (!row) throw routingFormNotFound();
    await tx.routingForm.delete({ where: { id: formId } });
    return toRoutingFormOutput(row);
  });
}

/** The site's page: the user's own forms and the event types their routes may send to. */
export async function routingFormEditorData(actor: Actor) {
  const owner: RoutingFormOwner = { kind: "user" };
  const [forms, eventTypes] = await Promise.all([
    db.routingForm.findMany({ where: routingFormsOf(actor, owner), select: ROUTING_FORM_SELECT, orderBy: [{ position: "desc" }, { createdAt: "asc" }] }),
    db.eventType.findMany({
      where: eventTypesForRoutingOf({ userId: actor.userId, teamId: null }),
      select: { id: true, title: true },
      orderBy: { id: "asc" },
    }),
  ]);
  return { forms: forms.map(toRoutingFormOutput), eventTypes };
}
