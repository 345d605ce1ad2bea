/**
 * Workflow input, as the peer's CreateWorkflowDto / UpdateWorkflowDto: a trigger, an offset for the timed triggers,
 * the event types it applies to, and steps. Convene sends e-mail to the host, to the attendees or to a fixed address
 * of the owner's (or a team member's), and SMS to the number an attendee gave; the peer's other actions and the
 * triggers nothing in Convene emits (payments, Cal Video no-shows) are refused by name, never accepted silently.
 */
import { z } from "zod";
import { ZIdField, ZIdParam } from "../http/ids";
import { ZPaginationQuery } from "../http/pagination";
import { ZOrgTeamParams } from "../organizations/org-teams.schemas";

/** Triggers Convene fires, with the domain event that fires each (docs/workflows.md). */
export const WORKFLOW_TRIGGERS = [
  "beforeEvent",
  "afterEvent",
  "newEvent",
  "eventCancelled",
  "rescheduleEvent",
  "bookingNoShowUpdated",
  "bookingRequested",
  "bookingRejected",
] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];
/** The peer's triggers that need a payment or Cal Video: nothing in Convene emits them. */
const SILENT_PEER_TRIGGERS = ["afterHostsCalVideoNoShow", "afterGuestsCalVideoNoShow", "bookingPaymentInitiated", "bookingPaid"] as const;
export const TIMED_TRIGGERS: readonly WorkflowTrigger[] = ["beforeEvent", "afterEvent"];

export const STEP_ACTIONS = ["email_host", "email_attendee", "email_address", "sms_attendee"] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];
const REFUSED_ACTIONS = {
  sms_number: "SMS goes only to the number an attendee gave when booking (use sms_attendee)",
  whatsapp_attendee: "WhatsApp is not supported",
  whatsapp_number: "WhatsApp is not supported",
  cal_ai_phone_call: "AI phone calls are not supported",
} as const;

export const STEP_TEMPLATES = ["reminder", "custom", "rescheduled", "completed", "rating", "cancelled"] as const;
export const RECIPIENT_OF: Record<StepAction, "const" | "attendee" | "email" | "phone_number"> = {
  email_host: "const",
  email_attendee: "attendee",
  email_address: "email",
  sms_attendee: "attendee",
};

export const OFFSET_UNITS = ["minute", "hour", "day"] as const;
/** At most 30 days either side of the booking. */
const MAX_OFFSET_MINUTES = 30 * 24 * 60;
const MINUTES_PER: Record<(typeof OFFSET_UNITS)[number], number> = { minute: 1, hour: 60, day: 1440 };
export const offsetMinutes = (offset: { value: number; unit: (typeof OFFSET_UNITS)[number] }) => offset.value * MINUTES_PER[offset.unit];

const ZOffset = z
  // At most 30 days (checked with its unit below); the bound here keeps any unit within int4.
  .object({ value: z.number().int().min(0).max(43_200), unit: z.enum(OFFSET_UNITS) })
  .refine((offset) => offsetMinutes(offset) <= MAX_OFFSET_MINUTES, "offset: at most 30 days");

const ZTrigger = z.discriminatedUnion("type", [
  z.object({ type: z.enum(["beforeEvent", "afterEvent"]), offset: ZOffset }),
  z.object({ type: z.enum(["newEvent", "eventCancelled", "rescheduleEvent", "bookingNoShowUpdated", "bookingRequested", "bookingRejected"]) }),
  z.object({ type: z.enum(SILENT_PEER_TRIGGERS) }).superRefine((_, context) => {
    context.addIssue({
      code: "custom",
      path: ["type"],
      message: "This trigger needs payments or Cal Video, which Convene does not have: nothing would ever fire it",
    });
  }),
]);
export type TTriggerInput = z.infer<typeof ZTrigger>;

const ZActivation = z.object({
  isActiveOnAllEventTypes: z.boolean().default(false),
  activeOnEventTypeIds: z.array(ZIdField).max(500).default([]),
});

const ZMessage = z.object({
  subject: z.string().max(500).default(""),
  html: z.string().max(20_000).optional(),
  text: z.string().max(1_600).optional(),
});

const ZStep = z
  .object({
    id: ZIdField.optional(),
    action: z.enum([...STEP_ACTIONS, ...(Object.keys(REFUSED_ACTIONS) as (keyof typeof REFUSED_ACTIONS)[])]),
    stepNumber: z.number().int().min(1).max(50),
    recipient: z.enum(["const", "attendee", "email", "phone_number"]).optional(),
    template: z.enum(STEP_TEMPLATES).default("reminder"),
    sender: z.string().max(100).default("Convene"),
    /** Convene's fixed address of an email_address step (the peer's verifiedEmailId points at its verified-address list). */
    email: z.email().optional(),
    verifiedEmailId: z.unknown().optional(),
    verifiedPhoneId: z.unknown().optional(),
    includeCalendarEvent: z.boolean().default(false),
    message: ZMessage,
  })
  .superRefine((step, context) => {
    const refusal = REFUSED_ACTIONS[step.action as keyof typeof REFUSED_ACTIONS];
    if (refusal) return context.addIssue({ code: "custom", path: ["action"], message: refusal });
    if (step.action === "email_address" && !step.email)
      context.addIssue({
        code: "custom",
        path: ["email"],
        message: "An email_address step needs `email`: your own address or a team member's (Convene has no verified-address list for verifiedEmailId)",
      });
    const isSms = step.action === "sms_attendee";
    if (isSms && !step.message.text?.trim()) context.addIssue({ code: "custom", path: ["message", "text"], message: "An SMS step needs message.text" });
    if (!isSms && !step.message.html?.trim() && !step.message.text?.trim())
      context.addIssue({ code: "custom", path: ["message", "html"], message: "An e-mail step needs message.html (or message.text)" });
    if (!isSms && !step.message.subject.trim())
      context.addIssue({ code: "custom", path: ["message", "subject"], message: "An e-mail step needs message.subject" });
  });
export type TStepInput = z.infer<typeof ZStep>;

const ZSteps = z
  .array(ZStep)
  .min(1, "A workflow needs at least one step")
  .max(20)
  .refine((steps) => new Set(steps.map((step) => step.stepNumber)).size === steps.length, "Step numbers must be distinct");

export const ZCreateWorkflowInput = z.object({ name: z.string().trim().min(1).max(200), activation: ZActivation, trigger: ZTrigger, steps: ZSteps });
export type TCreateWorkflowInput = z.infer<typeof ZCreateWorkflowInput>;

export const ZUpdateWorkflowInput = ZCreateWorkflowInput.partial();
export type TUpdateWorkflowInput = z.infer<typeof ZUpdateWorkflowInput>;

export const ZListWorkflowsQuery = ZPaginationQuery;
export const ZWorkflowIdParams = z.object({ workflowId: ZIdParam });
export const ZTeamWorkflowsParams = z.object({ teamId: ZIdParam });
export const ZTeamWorkflowParams = ZTeamWorkflowsParams.extend({ workflowId: ZIdParam });
export const ZOrgTeamWorkflowParams = ZOrgTeamParams.extend({ workflowId: ZIdParam });
