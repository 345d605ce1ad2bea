/** A workflow as the peer's WorkflowOutput answers it. */
import { z } from "zod";
import type { Prisma } from "../db/generated/client";
import { OFFSET_UNITS, RECIPIENT_OF, STEP_ACTIONS, STEP_TEMPLATES, WORKFLOW_TRIGGERS, type StepAction } from "./workflow.schemas";

export const WORKFLOW_SELECT = {
  id: true,
  name: true,
  userId: true,
  teamId: true,
  trigger: true,
  offsetValue: true,
  offsetUnit: true,
  activeOnAll: true,
  createdAt: true,
  updatedAt: true,
  eventTypes: { select: { eventTypeId: true }, orderBy: { eventTypeId: "asc" } },
  steps: { orderBy: { stepNumber: "asc" } },
} as const satisfies Prisma.WorkflowSelect;
export type WorkflowRow = Prisma.WorkflowGetPayload<{ select: typeof WORKFLOW_SELECT }>;

const ZStepOutput = z.object({
  id: z.number().int(),
  stepNumber: z.number().int(),
  action: z.enum(STEP_ACTIONS),
  recipient: z.enum(["const", "attendee", "email", "phone_number"]),
  email: z.string().optional(),
  template: z.enum(STEP_TEMPLATES),
  includeCalendarEvent: z.boolean(),
  sender: z.string(),
  message: z.object({ subject: z.string(), html: z.string().optional(), text: z.string().optional() }),
});

export const ZWorkflowOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  userId: z.number().int().optional(),
  teamId: z.number().int().optional(),
  activation: z.object({ isActiveOnAllEventTypes: z.boolean(), activeOnEventTypeIds: z.array(z.number().int()) }),
  trigger: z.object({ type: z.enum(WORKFLOW_TRIGGERS), offset: z.object({ value: z.number().int(), unit: z.enum(OFFSET_UNITS) }).optional() }),
  steps: z.array(ZStepOutput),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TWorkflowOutput = z.infer<typeof ZWorkflowOutput>;

const isSms = (action: string) => action === "sms_attendee";

export function toWorkflowOutput(row: WorkflowRow): TWorkflowOutput {
  return {
    id: row.id,
    name: row.name,
    ...(row.userId !== null ? { userId: row.userId } : {}),
    ...(row.teamId !== null ? { teamId: row.teamId } : {}),
    activation: { isActiveOnAllEventTypes: row.activeOnAll, activeOnEventTypeIds: row.eventTypes.map(({ eventTypeId }) => eventTypeId) },
    trigger: {
      type: row.trigger as TWorkflowOutput["trigger"]["type"],
      ...(row.offsetValue !== null && row.offsetUnit ? { offset: { value: row.offsetValue, unit: row.offsetUnit as (typeof OFFSET_UNITS)[number] } } : {}),
    },
    steps: row.steps.map((step) => ({
      id: step.id,
      stepNumber: step.stepNumber,
      action: step.action as StepAction,
      recipient: RECIPIENT_OF[step.action as StepAction],
      ...(step.email ? { email: step.email } : {}),
      template: step.template as (typeof STEP_TEMPLATES)[number],
      includeCalendarEvent: step.includeCalendarEvent,
      sender: step.sender,
      message: isSms(step.action) ? { subject: step.subject, text: step.body } : { subject: step.subject, html: step.body },
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
