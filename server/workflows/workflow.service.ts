/**
 * Workflows of a user or a team (workflow-access.ts says whose): list, read, create, update, delete. A create or an
 * update schedules, in its own transaction, the reminders its timed steps owe the upcoming bookings it applies to
 * (reminder-schedule.ts rescheduleWorkflow); a delete takes its waiting reminders with it.
 */
import { randomUUID } from "node:crypto";
import type { Actor } from "../auth/actor";
import { db, type Tx } from "../db/client";
import { env } from "../env";
import { AppError } from "../errors";
import { queueMails } from "../mail/mail-queue";
import { Page, type TPaginationQuery } from "../http/pagination";
import { rescheduleWorkflow } from "./reminder-schedule";
import { previewMessage } from "./workflow-preview";
import { eventTypesForWorkflowsOf, isAllowedFixedAddress, requireWorkflowPermission, workflowsOf, type WorkflowOwner } from "./workflow-access";
import { toWorkflowOutput, WORKFLOW_SELECT, type TWorkflowOutput } from "./workflow.dto";
import type { TCreateWorkflowInput, TStepInput, TTriggerInput, TUpdateWorkflowInput } from "./workflow.schemas";

const notFound = () => new AppError("NOT_FOUND", "Workflow not found");

export async function listWorkflows(actor: Actor, owner: WorkflowOwner, query: TPaginationQuery): Promise<Page<TWorkflowOutput>> {
  await requireWorkflowPermission(actor, owner, "read");
  const where = workflowsOf(actor, owner);
  const [rows, total] = await Promise.all([
    db.workflow.findMany({ where, select: WORKFLOW_SELECT, orderBy: { id: "asc" }, take: query.take, skip: query.skip }),
    db.workflow.count({ where }),
  ]);
  return new Page(rows.map(toWorkflowOutput), total, query);
}

export async function getWorkflow(actor: Actor, owner: WorkflowOwner, workflowId: number): Promise<TWorkflowOutput> {
  await requireWorkflowPermission(actor, owner, "read");
  const row = await db.workflow.findFirst({ where: { id: workflowId, ...workflowsOf(actor, owner) }, select: WORKFLOW_SELECT });
  if (!row) throw notFound();
  return toWorkflowOutput(row);
}

/** The event types named must be the owner's; anything else is refused by id (no existence leak beyond "not yours"). */
async function checkEventTypes(tx: Tx, actor: Actor, owner: WorkflowOwner, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx.eventType.findMany({ where: { id: { in: ids }, ...eventTypesForWorkflowsOf(actor, owner) }, select: { id: true } });
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length)
    throw new AppError(
      "BAD_REQUEST",
      `activation.activeOnEventTypeIds: no event type ${missing.join(", ")} of ${owner.kind === "user" ? "yours" : "this team"}`,
    );
}

async function checkSteps(tx: Tx, actor: Actor, owner: WorkflowOwner, steps: TStepInput[]): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (step.action === "email_address" && step.email && !(await isAllowedFixedAddress(actor, owner, step.email, tx)))
      throw new AppError(
        "BAD_REQUEST",
        `steps.${index}.email: ${owner.kind === "user" ? "must be your own address" : "must be the address of one of the team's members"}`,
      );
  }
}

const triggerData = (trigger: TTriggerInput) => ({
  trigger: trigger.type,
  offsetValue: "offset" in trigger ? trigger.offset.value : null,
  offsetUnit: "offset" in trigger ? trigger.offset.unit : null,
});

const stepData = (step: TStepInput) => ({
  stepNumber: step.stepNumber,
  action: step.action,
  template: step.template,
  sender: step.sender,
  email: step.action === "email_address" ? (step.email ?? null) : null,
  subject: step.message.subject,
  body: step.action === "sms_attendee" ? (step.message.text ?? "") : (step.message.html ?? step.message.text ?? ""),
  includeCalendarEvent: step.includeCalendarEvent,
});

export async function createWorkflow(actor: Actor, owner: WorkflowOwner, input: TCreateWorkflowInput): Promise<TWorkflowOutput> {
  await requireWorkflowPermission(actor, owner, "write");
  return db.$transaction(async (tx) => {
    await checkEventTypes(tx, actor, owner, input.activation.activeOnEventTypeIds);
    await checkSteps(tx, actor, owner, input.steps);
    const { id } = await tx.workflow.create({
      data: {
        name: input.name,
        ...(owner.kind === "user" ? { userId: actor.userId } : { teamId: owner.teamId }),
        ...triggerData(input.trigger),
        activeOnAll: input.activation.isActiveOnAllEventTypes,
        eventTypes: { create: input.activation.activeOnEventTypeIds.map((eventTypeId) => ({ eventTypeId })) },
        steps: { create: input.steps.map(stepData) },
      },
      select: { id: true },
    });
    await rescheduleWorkflow(tx, id, `workflow:${id}:${randomUUID()}`);
    return toWorkflowOutput(await tx.workflow.findUniqueOrThrow({ where: { id }, select: WORKFLOW_SELECT }));
  });
}

/** Steps sent with an `id` of this workflow are updated in place (their sent history stays); the others are replaced. */
async function replaceSteps(tx: Tx, workflowId: number, steps: TStepInput[]): Promise<void> {
  const existing = await tx.workflowStep.findMany({ where: { workflowId }, select: { id: true } });
  const known = new Set(existing.map(({ id }) => id));
  const unknown = steps.filter((step) => step.id !== undefined && !known.has(step.id));
  if (unknown.length) throw new AppError("BAD_REQUEST", `steps: no step ${unknown.map((step) => step.id).join(", ")} in this workflow`);
  const kept = new Set(steps.flatMap((step) => (step.id !== undefined ? [step.id] : [])));
  await tx.workflowStep.deleteMany({ where: { workflowId, id: { notIn: [...kept] } } });
  // Step numbers are distinct in the input; moving kept steps one by one cannot collide (no unique index on them).
  for (const step of steps) {
    if (step.id !== undefined) await tx.workflowStep.update({ where: { id: step.id }, data: stepData(step) });
    else await tx.workflowStep.create({ data: { workflowId, ...stepData(step) } });
  }
}

export async function updateWorkflow(actor: Actor, owner: WorkflowOwner, workflowId: number, input: TUpdateWorkflowInput): Promise<TWorkflowOutput> {
  await requireWorkflowPermission(actor, owner, "write");
  return db.$transaction(async (tx) => {
    const current = await tx.workflow.findFirst({ where: { id: workflowId, ...workflowsOf(actor, owner) }, select: { id: true } });
    if (!current) throw notFound();
    if (input.activation) await checkEventTypes(tx, actor, owner, input.activation.activeOnEventTypeIds);
    if (input.steps) await checkSteps(tx, actor, owner, input.steps);
    await tx.workflow.update({
      where: { id: workflowId },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.trigger ? triggerData(input.trigger) : {}),
        ...(input.activation
          ? {
              activeOnAll: input.activation.isActiveOnAllEventTypes,
              eventTypes: { deleteMany: {}, create: input.activation.activeOnEventTypeIds.map((eventTypeId) => ({ eventTypeId })) },
            }
          : {}),
      },
    });
    if (input.steps) await replaceSteps(tx, workflowId, input.steps);
    await rescheduleWorkflow(tx, workflowId, `workflow:${workflowId}:${randomUUID()}`);
    return toWorkflowOutput(await tx.workflow.findUniqueOrThrow({ where: { id: workflowId }, select: WORKFLOW_SELECT }));
  });
}

/** Its steps and their reminders go with it (cascade): a reminder job that wakes up finds nothing to send. */
export async function deleteWorkflow(actor: Actor, owner: WorkflowOwner, workflowId: number): Promise<TWorkflowOutput> {
  await requireWorkflowPermission(actor, owner, "write");
  return db.$transaction(async (tx) => {
    const row = await tx.workflow.findFirst({ where: { id: workflowId, ...workflowsOf(actor, owner) }, select: WORKFLOW_SELECT });
    if (!row) throw notFound();
    await tx.workflow.delete({ where: { id: workflowId } });
    return toWorkflowOutput(row);
  });
}

/** The site's page: the actor's own workflows and the personal event types they may apply to. */
export async function workflowEditorData(actor: Actor) {
  const [workflows, eventTypes, user] = await Promise.all([
    db.workflow.findMany({ where: workflowsOf(actor, { kind: "user" }), select: WORKFLOW_SELECT, orderBy: { id: "asc" } }),
    db.eventType.findMany({ where: eventTypesForWorkflowsOf(actor, { kind: "user" }), select: { id: true, title: true }, orderBy: { id: "asc" } }),
    db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { name: true, email: true, timeZone: true } }),
  ]);
  return { workflows: workflows.map(toWorkflowOutput), eventTypes, me: user };
}

/** A step's message for the sample booking, mailed to the actor themself (never to anyone else): the editor's test send. */
export async function sendTestMessage(actor: Actor, message: { subject: string; body: string; isSms: boolean }): Promise<{ sentTo: string }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { name: true, email: true, timeZone: true } });
  const preview = previewMessage(message, user.timeZone, user, env().APP_URL);
  const subject = message.isSms ? "Test SMS (as text): what the attendee would read" : `Test: ${preview.subject || "(no subject)"}`;
  await db.$transaction((tx) =>
    queueMails(tx, [{ to: user.email, subject, text: preview.text, ...(preview.html && !message.isSms ? { html: preview.html } : {}) }]),
  );
  return { sentTo: user.email };
}
