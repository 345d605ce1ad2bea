"use client";
/**
 * Create or edit one of the user's workflows on the form kit: a trigger with its offset, the event types, one step,
 * and a live preview of the message as the attendee would read it, in a zone the author picks. The values become the
 * API's own body (ZCreateWorkflowInput), so the server's messages land on the same fields.
 */
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { previewMessage } from "@/server/workflows/workflow-preview";
import type { TWorkflowOutput } from "@/server/workflows/workflow.dto";
import { ZCreateWorkflowInput, type TCreateWorkflowInput } from "@/server/workflows/workflow.schemas";
import { CheckboxGroupField } from "../form/choice-fields";
import { SelectField, TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { applyServerErrors } from "../form/server-errors";
import { Button } from "../ui/button";

const TRIGGERS = [
  { value: "beforeEvent", label: "Before the booking starts" },
  { value: "afterEvent", label: "After the booking ends" },
  { value: "newEvent", label: "When a booking is made" },
  { value: "rescheduleEvent", label: "When a booking is rescheduled" },
  { value: "eventCancelled", label: "When a booking is cancelled" },
  { value: "bookingRequested", label: "When a booking is requested" },
  { value: "bookingRejected", label: "When a request is declined" },
  { value: "bookingNoShowUpdated", label: "When someone is marked absent" },
] as const;
const ACTIONS = [
  { value: "email_attendee", label: "E-mail the attendees" },
  { value: "email_host", label: "E-mail the host" },
  { value: "email_address", label: "E-mail one address" },
  { value: "sms_attendee", label: "Text the attendees (SMS)" },
] as const;
const UNITS = [
  { value: "minute", label: "minutes" },
  { value: "hour", label: "hours" },
  { value: "day", label: "days" },
] as const;
const ZONES = ["UTC", "Europe/London", "Europe/Paris", "America/New_York", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney"];

const DEFAULT_BODY = "<p>Hi {ATTENDEE},</p><p>{EVENT_NAME} starts {EVENT_DATE} at {EVENT_TIME} ({TIMEZONE}).</p><p>Join: {MEETING_URL}</p>";

const ZWorkflowForm = z
  .object({
    name: z.string().trim().min(1, "Give the workflow a name").max(200),
    trigger: z.enum(TRIGGERS.map(({ value }) => value) as [string, ...string[]]),
    offsetValue: z.coerce.number().int("A whole number").min(0, "At least 0"),
    offsetUnit: z.enum(["minute", "hour", "day"]),
    eventTypeIds: z.array(z.string()),
    action: z.enum(ACTIONS.map(({ value }) => value) as [string, ...string[]]),
    email: z.string().trim(),
    subject: z.string().max(500),
    body: z.string().trim().min(1, "Write the message"),
    previewZone: z.string(),
  })
  .transform(
    (values): z.input<typeof ZCreateWorkflowInput> =>
      ({
        name: values.name,
        activation: { isActiveOnAllEventTypes: values.eventTypeIds.length === 0, activeOnEventTypeIds: values.eventTypeIds.map(Number) },
        trigger:
          values.trigger === "beforeEvent" || values.trigger === "afterEvent"
            ? { type: values.trigger, offset: { value: values.offsetValue, unit: values.offsetUnit } }
            : { type: values.trigger },
        steps: [
          {
            action: values.action,
            stepNumber: 1,
            template: "custom",
            sender: "Convene",
            includeCalendarEvent: false,
            ...(values.action === "email_address" ? { email: values.email } : {}),
            message: values.action === "sms_attendee" ? { subject: "", text: values.body } : { subject: values.subject, html: values.body },
          },
        ],
      }) as z.input<typeof ZCreateWorkflowInput>,
  )
  .pipe(ZCreateWorkflowInput);

export type TWorkflowFormProps = {
  initial?: TWorkflowOutput;
  eventTypes: { id: number; title: string }[];
  me: { name: string; email: string; timeZone: string };
  submitLabel: string;
  onSubmit: (body: TCreateWorkflowInput) => Promise<void>;
  onTestSend: (message: { subject: string; body: string; isSms: boolean }) => void;
  testSendState: { pending: boolean; result: string | null; error: string | null };
};

function Preview({ me }: { me: TWorkflowFormProps["me"] }) {
  const [subject, body, action, zone] = useWatch({ name: ["subject", "body", "action", "previewZone"] }) as string[];
  const preview = previewMessage(
    { subject: subject ?? "", body: body ?? "" },
    zone || me.timeZone,
    me,
    typeof window === "undefined" ? "" : window.location.origin,
  );
  const isSms = action === "sms_attendee";
  return (
    <section aria-labelledby="workflow-preview-heading" className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <h3 id="workflow-preview-heading" className="text-sm font-semibold">
        Preview for a sample booking, read in {zone || me.timeZone}
      </h3>
      {!isSms && (
        <p className="mt-2 text-sm">
          <span className="font-medium">Subject:</span> <span data-testid="preview-subject">{preview.subject}</span>
        </p>
      )}
      <p data-testid="preview-body" className="mt-2 whitespace-pre-wrap text-sm">
        {preview.text}
      </p>
    </section>
  );
}

export function WorkflowForm({ initial, eventTypes, me, submitLabel, onSubmit, onTestSend, testSendState }: TWorkflowFormProps) {
  const step = initial?.steps[0];
  const form = useZodForm(ZWorkflowForm, {
    defaultValues: {
      name: initial?.name ?? "",
      trigger: initial?.trigger.type ?? "beforeEvent",
      offsetValue: initial?.trigger.offset?.value ?? 1,
      offsetUnit: initial?.trigger.offset?.unit ?? "hour",
      eventTypeIds: initial && !initial.activation.isActiveOnAllEventTypes ? initial.activation.activeOnEventTypeIds.map(String) : [],
      action: step?.action ?? "email_attendee",
      email: step?.email ?? me.email,
      subject: step?.message.subject ?? "Reminder: {EVENT_NAME}",
      body: step ? (step.message.html ?? step.message.text ?? "") : DEFAULT_BODY,
      previewZone: me.timeZone,
    },
    mode: "onSubmit",
  });
  const [trigger, action] = useWatch({ control: form.control, name: ["trigger", "action"] });
  const isTimed = trigger === "beforeEvent" || trigger === "afterEvent";
  const prefix = initial ? `workflow-${initial.id}` : "new-workflow";
  return (
    <Form
      form={form}
      label={initial ? `Edit ${initial.name}` : "New workflow"}
      onSubmit={async (body) => {
        try {
          await onSubmit(body);
          if (!initial) form.reset();
        } catch (failure) {
          applyServerErrors(form, failure);
        }
      }}
    >
      <TextField id={`${prefix}-name`} name="name" label="Name" />
      <SelectField name="trigger" label="When" options={TRIGGERS} />
      {isTimed && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${prefix}-offset`} name="offsetValue" label="How long" type="number" min={0} inputMode="numeric" />
          <SelectField name="offsetUnit" label="Unit" options={UNITS} />
        </div>
      )}
      <CheckboxGroupField
        name="eventTypeIds"
        legend="Event types (none checked: all of yours)"
        options={eventTypes.map((eventType) => ({ value: String(eventType.id), id: `${prefix}-et-${eventType.id}`, label: eventType.title }))}
      />
      <SelectField name="action" label="Send" options={ACTIONS} />
      {action === "email_address" && <TextField id={`${prefix}-email`} name="email" label="Address (yours)" type="email" />}
      {action !== "sms_attendee" && <TextField id={`${prefix}-subject`} name="subject" label="Subject" />}
      <TextareaField
        id={`${prefix}-body`}
        name="body"
        label={action === "sms_attendee" ? "Text message" : "Message (HTML allowed)"}
        hint="Variables: {ATTENDEE}, {ORGANIZER}, {EVENT_NAME}, {EVENT_DATE}, {EVENT_TIME}, {TIMEZONE}, {LOCATION}, {MEETING_URL}, {CANCEL_URL}, {RESCHEDULE_URL}"
        rows={5}
      />
      <SelectField
        name="previewZone"
        label="Preview in time zone"
        options={[...new Set([me.timeZone, ...ZONES])].map((zone) => ({ value: zone, label: zone }))}
      />
      <Preview me={me} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton>{submitLabel}</SubmitButton>
        <Button
          variant="secondary"
          disabled={testSendState.pending}
          onClick={() => {
            const values = form.getValues();
            onTestSend({ subject: values.subject, body: values.body, isSms: values.action === "sms_attendee" });
          }}
        >
          {testSendState.pending ? "Sending…" : "Send me a test"}
        </Button>
        <p role="status" className="text-sm">
          {testSendState.result}
        </p>
      </div>
      {testSendState.error && (
        <p role="alert" className="text-sm text-red-700">
          {testSendState.error}
        </p>
      )}
    </Form>
  );
}
