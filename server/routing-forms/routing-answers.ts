/**
 * A submission's answers, checked by the booking form's own rules for each kind (booking-field-responses.ts
 * answerSchema), so a number, a phone number or an option means the same on a routing form as on a booking page.
 * Pure. Answers come keyed by question identifier (or id); they are kept keyed by identifier, and stored by question
 * id in the peer's `{label, value}` shape (RoutingFormResponseOutput.response).
 */
import { answerSchema, isEmpty } from "../bookings/booking-field-responses";
import { AppError } from "../errors";
import type { TCustomField } from "../event-types/booking-fields";
import { ZEmail } from "../users/user.schemas";
import { ROUTING_FIELD_TYPES_WITH_OPTIONS, type TRoutingFormAnswers, type TRoutingFormField } from "./routing-form.schemas";

/** An answer once checked: text, a number, or the options chosen. */
export type TAnswer = string | number | string[];
/** Checked answers by question identifier. */
export type TCheckedAnswers = Record<string, TAnswer>;
/** The peer's stored response: by question id, its label and value. */
export type TStoredResponse = Record<string, { label: string; value: TAnswer }>;

function schemaOf(field: TRoutingFormField) {
  if (field.type === "email") return ZEmail;
  const asBookingField = { ...field, slug: field.identifier, hidden: false } as unknown as TCustomField;
  return answerSchema(asBookingField);
}

/** A single option may come alone where a list is expected (a query string, a form post). */
const listed = (field: TRoutingFormField, value: unknown) =>
  (field.type === "multiselect" || field.type === "checkbox") && typeof value === "string" ? [value] : value;

const answerFor = (answers: TRoutingFormAnswers, field: TRoutingFormField) => answers[field.identifier] ?? answers[field.id];

/** Every answer checked against its question, every problem reported at once by identifier; unknown keys are refused. */
export function checkAnswers(fields: readonly TRoutingFormField[], answers: TRoutingFormAnswers, prefix = "body"): TCheckedAnswers {
  const issues: { path: string; message: string }[] = [];
  const checked: TCheckedAnswers = {};
  for (const key of Object.keys(answers)) {
    if (!fields.some((field) => field.identifier === key || field.id === key))
      issues.push({ path: `${prefix}.${key}`, message: `This form has no question ${key}` });
  }
  for (const field of fields) {
    const value = listed(field, answerFor(answers, field));
    const path = `${prefix}.${field.identifier}`;
    if (!isEmpty(value)) {
      const result = schemaOf(field).safeParse(value);
      if (!result.success) issues.push({ path, message: `${field.label}: ${result.error.issues[0]!.message}` });
      else if (!isEmpty(result.data)) checked[field.identifier] = result.data as TAnswer;
    }
    if (field.required && checked[field.identifier] === undefined && !issues.some((issue) => issue.path === path)) {
      const message = ROUTING_FIELD_TYPES_WITH_OPTIONS.includes(field.type) ? "choose an option" : "an answer is required";
      issues.push({ path, message: `${field.label}: ${message}` });
    }
  }
  if (issues.length) throw new AppError("BAD_REQUEST", "Invalid answers", issues);
  return checked;
}

/** The peer's stored shape: by question id, `{label, value}`. */
export function toStoredResponse(fields: readonly TRoutingFormField[], answers: TCheckedAnswers): TStoredResponse {
  return Object.fromEntries(
    fields.flatMap((field) => (answers[field.identifier] === undefined ? [] : [[field.id, { label: field.label, value: answers[field.identifier]! }]])),
  );
}

/** Back from the stored shape to answers by identifier (questions since removed are dropped). */
export function answersOfStored(fields: readonly TRoutingFormField[], stored: unknown): TCheckedAnswers {
  const byId = stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, { value?: unknown }>) : {};
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = byId[field.id]?.value;
      return typeof value === "string" || typeof value === "number" || Array.isArray(value) ? [[field.identifier, value as TAnswer]] : [];
    }),
  );
}
