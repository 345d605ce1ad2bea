"use client";
/**
 * The builder of one of the user's routing forms, on the form kit: its questions (the booking form's kinds) and its
 * ordered routes, each a rule over the answers (all or any of its conditions) and where it sends the booker. The
 * values become the API's own body (ZUpdateRoutingFormInput), so the server's refusals name the same fields.
 */
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { z } from "zod";
import type { TRoutingFormOutput } from "@/server/routing-forms/routing-form.dto";
import {
  CONDITION_OPERATORS,
  ROUTING_FIELD_TYPES,
  ROUTING_FIELD_TYPES_WITH_OPTIONS,
  ZUpdateRoutingFormInput,
  type TRoutingCondition,
  type TUpdateRoutingFormInput,
} from "@/server/routing-forms/routing-form.schemas";
import { CheckboxField, NativeSelectField } from "../form/choice-fields";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { applyServerErrors } from "../form/server-errors";
import { Button } from "../ui/button";

const OPERATOR_LABELS: Record<(typeof CONDITION_OPERATORS)[number], string> = {
  equals: "equals",
  notEquals: "does not equal",
  contains: "contains",
  anyOf: "is any of (comma-separated)",
  between: "is a number between",
};
const ACTIONS = [
  { value: "eventType", label: "Book an event type" },
  { value: "externalRedirectUrl", label: "Go to an external URL" },
  { value: "customPageMessage", label: "Show a message" },
];

const numberOrNone = (text: string) => (text.trim() === "" ? undefined : Number(text));
const listOf = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

const ZBuilder = z
  .object({
    name: z.string(),
    description: z.string(),
    fields: z.array(z.object({ id: z.string(), type: z.string(), label: z.string(), identifier: z.string(), required: z.boolean(), optionsText: z.string() })),
    routes: z.array(
      z.object({
        id: z.string(),
        actionType: z.string(),
        eventTypeId: z.string(),
        url: z.string(),
        message: z.string(),
        combinator: z.string(),
        isFallback: z.boolean(),
        conditions: z.array(z.object({ field: z.string(), operator: z.string(), value: z.string(), min: z.string(), max: z.string() })),
      }),
    ),
  })
  .transform((values): z.input<typeof ZUpdateRoutingFormInput> => ({
    name: values.name,
    description: values.description.trim() === "" ? null : values.description,
    fields: values.fields.map(({ optionsText, ...field }) => ({
      ...field,
      type: field.type as (typeof ROUTING_FIELD_TYPES)[number],
      options: ROUTING_FIELD_TYPES_WITH_OPTIONS.includes(field.type as never) ? listOf(optionsText) : [],
    })),
    routes: values.routes.map((route) => ({
      id: route.id,
      combinator: route.combinator as "all" | "any",
      isFallback: route.isFallback,
      action:
        route.actionType === "eventType"
          ? { type: "eventType", eventTypeId: Number(route.eventTypeId) }
          : route.actionType === "externalRedirectUrl"
            ? { type: "externalRedirectUrl", url: route.url }
            : { type: "customPageMessage", message: route.message },
      conditions: route.isFallback ? [] : route.conditions.map(conditionOf),
    })),
  }))
  .pipe(ZUpdateRoutingFormInput);

function conditionOf(row: { field: string; operator: string; value: string; min: string; max: string }): TRoutingCondition {
  if (row.operator === "anyOf") return { field: row.field, operator: "anyOf", values: listOf(row.value) };
  if (row.operator === "between") return { field: row.field, operator: "between", min: numberOrNone(row.min), max: numberOrNone(row.max) };
  return { field: row.field, operator: row.operator as "equals", value: row.value };
}

type TBuilderValues = z.input<typeof ZBuilder>;

function valuesOf(form: TRoutingFormOutput): TBuilderValues {
  return {
    name: form.name,
    description: form.description ?? "",
    fields: form.fields.map((field) => ({
      id: field.id,
      type: field.type,
      label: field.label,
      identifier: field.identifier,
      required: field.required,
      optionsText: field.options.join(", "),
    })),
    routes: form.routes.map((route) => ({
      id: route.id,
      actionType: route.action.type,
      eventTypeId: route.action.type === "eventType" ? String(route.action.eventTypeId) : "",
      url: route.action.type === "externalRedirectUrl" ? route.action.url : "",
      message: route.action.type === "customPageMessage" ? route.action.message : "",
      combinator: route.combinator,
      isFallback: route.isFallback,
      conditions: route.conditions.map((condition) => ({
        field: condition.field,
        operator: condition.operator,
        value: "value" in condition ? condition.value : "values" in condition ? condition.values.join(", ") : "",
        min: "min" in condition && condition.min !== undefined ? String(condition.min) : "",
        max: "max" in condition && condition.max !== undefined ? String(condition.max) : "",
      })),
    })),
  };
}

function QuestionsEditor() {
  const { fields, append, remove } = useFieldArray<TBuilderValues, "fields">({ name: "fields" });
  const types = useWatch<TBuilderValues, "fields">({ name: "fields" });
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">Questions</legend>
      {fields.length === 0 && <p className="text-sm text-slate-600">No questions yet.</p>}
      {fields.map((field, index) => (
        <div key={field.id} role="group" aria-label={`Question ${index + 1}`} className="space-y-3 rounded-md border border-slate-200 p-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField name={`fields.${index}.label`} label={`Question ${index + 1}`} />
            <TextField name={`fields.${index}.identifier`} label="Identifier" hint="Prefills the booking field with this slug" />
            <NativeSelectField name={`fields.${index}.type`} label="Kind" options={ROUTING_FIELD_TYPES.map((type) => ({ value: type, label: type }))} />
          </div>
          {ROUTING_FIELD_TYPES_WITH_OPTIONS.includes(types?.[index]?.type as never) && (
            <TextField name={`fields.${index}.optionsText`} label="Options (comma-separated)" />
          )}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CheckboxField name={`fields.${index}.required`} label="Required" />
            <Button variant="secondary" onClick={() => remove(index)}>
              Remove question {index + 1}
            </Button>
          </div>
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() =>
          append({ id: crypto.randomUUID(), type: "text", label: "", identifier: `question${fields.length + 1}`, required: false, optionsText: "" })
        }
      >
        Add a question
      </Button>
    </fieldset>
  );
}

function ConditionsEditor({ routeIndex }: { routeIndex: number }) {
  const { fields, append, remove } = useFieldArray<TBuilderValues, `routes.${number}.conditions`>({ name: `routes.${routeIndex}.conditions` });
  const questions = useWatch<TBuilderValues, "fields">({ name: "fields" }) ?? [];
  const conditions = useWatch<TBuilderValues, `routes.${number}.conditions`>({ name: `routes.${routeIndex}.conditions` }) ?? [];
  const questionOptions = questions.map((question) => ({ value: question.id, label: question.label || question.identifier }));
  return (
    <div className="space-y-3">
      {fields.map((condition, index) => {
        const prefix = `routes.${routeIndex}.conditions.${index}` as const;
        const isRange = conditions[index]?.operator === "between";
        return (
          <div key={condition.id} role="group" aria-label={`Route ${routeIndex + 1}, condition ${index + 1}`} className="grid gap-3 sm:grid-cols-4">
            <NativeSelectField name={`${prefix}.field`} label="Answer to" options={questionOptions} />
            <NativeSelectField
              name={`${prefix}.operator`}
              label="Test"
              options={CONDITION_OPERATORS.map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] }))}
            />
            {isRange ? (
              <div className="grid grid-cols-2 gap-2">
                <TextField name={`${prefix}.min`} label="From" inputMode="decimal" />
                <TextField name={`${prefix}.max`} label="To" inputMode="decimal" />
              </div>
            ) : (
              <TextField name={`${prefix}.value`} label="Value" />
            )}
            <div className="flex items-end">
              <Button variant="secondary" onClick={() => remove(index)}>
                Remove condition {index + 1}
              </Button>
            </div>
          </div>
        );
      })}
      <Button variant="secondary" onClick={() => append({ field: questions[0]?.id ?? "", operator: "equals", value: "", min: "", max: "" })}>
        Add a condition to route {routeIndex + 1}
      </Button>
    </div>
  );
}

function RoutesEditor({ eventTypes }: { eventTypes: { id: number; title: string }[] }) {
  const { fields, append, remove } = useFieldArray<TBuilderValues, "routes">({ name: "routes" });
  const routes = useWatch<TBuilderValues, "routes">({ name: "routes" }) ?? [];
  useFormContext();
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">Routes, tried in order</legend>
      {fields.length === 0 && <p className="text-sm text-slate-600">No routes yet: every answer shows a thank-you message.</p>}
      {fields.map((route, index) => {
        const current = routes[index];
        return (
          <div key={route.id} role="group" aria-label={`Route ${index + 1}`} className="space-y-3 rounded-md border border-slate-200 p-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <NativeSelectField name={`routes.${index}.actionType`} label={`Route ${index + 1} sends to`} options={ACTIONS} />
              {current?.actionType === "eventType" && (
                <NativeSelectField
                  name={`routes.${index}.eventTypeId`}
                  label="Event type"
                  options={eventTypes.map((eventType) => ({ value: String(eventType.id), label: eventType.title }))}
                />
              )}
              {current?.actionType === "externalRedirectUrl" && <TextField name={`routes.${index}.url`} label="URL" type="url" />}
              {current?.actionType === "customPageMessage" && <TextareaField name={`routes.${index}.message`} label="Message" rows={2} />}
            </div>
            <CheckboxField name={`routes.${index}.isFallback`} label="Fallback: taken when no other route matches (keep it last)" />
            {!current?.isFallback && (
              <>
                <NativeSelectField
                  name={`routes.${index}.combinator`}
                  label="Matches when"
                  options={[
                    { value: "all", label: "all conditions hold" },
                    { value: "any", label: "any condition holds" },
                  ]}
                />
                <ConditionsEditor routeIndex={index} />
              </>
            )}
            <Button variant="secondary" onClick={() => remove(index)}>
              Remove route {index + 1}
            </Button>
          </div>
        );
      })}
      <Button
        variant="secondary"
        onClick={() =>
          append({
            id: crypto.randomUUID(),
            actionType: "eventType",
            eventTypeId: eventTypes[0] ? String(eventTypes[0].id) : "",
            url: "",
            message: "",
            combinator: "all",
            isFallback: false,
            conditions: [],
          })
        }
      >
        Add a route
      </Button>
    </fieldset>
  );
}

export function RoutingFormBuilder({
  form: routingForm,
  eventTypes,
  onSave,
}: {
  form: TRoutingFormOutput;
  eventTypes: { id: number; title: string }[];
  onSave: (body: TUpdateRoutingFormInput) => Promise<void>;
}) {
  const form = useZodForm(ZBuilder, { defaultValues: valuesOf(routingForm), mode: "onSubmit" });
  return (
    <Form
      form={form}
      label={`Edit ${routingForm.name}`}
      invalidSummary="Some answers need a look: see the messages below."
      onSubmit={async (body) => {
        try {
          await onSave(body);
        } catch (failure) {
          applyServerErrors(form, failure);
        }
      }}
    >
      <TextField name="name" label="Name" />
      <TextareaField name="description" label="Description" rows={2} />
      <QuestionsEditor />
      <RoutesEditor eventTypes={eventTypes} />
      <SubmitButton>Save form</SubmitButton>
    </Form>
  );
}
