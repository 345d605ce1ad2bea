/**
 * An event type's booking form (the peer's CreateEventTypeInput_2024_06_14.bookingFields): the booker's own
 * questions (custom fields, answered in POST /v2/bookings' bookingFieldsResponses) and overrides of the default
 * fields every form has. Stored as parsed in EventType.bookingFields; answers are checked by
 * server/bookings/booking-field-responses.ts.
 */
import { z } from "zod";
import type { Prisma } from "../db/generated/client";

/** Custom field types answered in bookingFieldsResponses, by the peer's names. */
export const CUSTOM_FIELD_TYPES = [
  "text",
  "textarea",
  "number",
  "phone",
  "address",
  "url",
  "select",
  "multiselect",
  "checkbox",
  "radio",
  "boolean",
  "multiemail",
] as const;
export type TCustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const FIELD_TYPES_WITH_OPTIONS: readonly TCustomFieldType[] = ["select", "multiselect", "checkbox", "radio"];

/** Default fields the peer names by `slug` (no `type`): their type is fixed. */
const SLUG_DEFAULTS = { location: "radioInput", title: "text", notes: "textarea", guests: "multiemail", rescheduleReason: "textarea" } as const;
/** Every default field's slug: a custom field may not take one. */
export const DEFAULT_FIELD_SLUGS = ["name", "email", ...Object.keys(SLUG_DEFAULTS)] as readonly string[];
/** A phone field with this slug is answered by attendee.phoneNumber (the peer's phone-only booking form). */
export const ATTENDEE_PHONE_SLUG = "attendeePhoneNumber";
export const MAX_BOOKING_FIELDS = 50;

const ZLabel = z.string().trim().min(1, "label is required").max(200, "label is at most 200 characters").describe("The question as the booker sees it");
const ZPlaceholder = z.string().max(200, "placeholder is at most 200 characters").describe("Hint shown in the empty input");
const ZRequired = z.boolean().describe("Whether the booker must answer; not enforced while the field is hidden");
const ZHidden = z.boolean().describe("Kept in the settings but not asked");
const ZDisableOnPrefill = z.boolean().describe("The booking page disables the field when a query parameter prefills it");
const ZFieldSlug = z
  .string()
  .min(1, "slug is required")
  .max(64, "slug is at most 64 characters")
  .regex(/^[a-zA-Z][a-zA-Z0-9_-]*$/, "slug starts with a letter and has letters, digits, - and _ only")
  .describe("The key of the answer in bookingFieldsResponses");
const ZOptions = z
  .array(z.string().trim().min(1, "An option is not empty").max(200, "An option is at most 200 characters"))
  .min(1, "At least one option")
  .max(100, "At most 100 options")
  .refine((options) => new Set(options).size === options.length, "Options must be distinct")
  .describe("The choices offered");

function customField<T extends TCustomFieldType>(type: T) {
  const withOptions = FIELD_TYPES_WITH_OPTIONS.includes(type);
  return z
    .object({
      type: z.literal(type),
      slug: ZFieldSlug,
      label: ZLabel,
      required: ZRequired.default(false),
      hidden: ZHidden.default(false),
      placeholder: ZPlaceholder.default(""),
      disableOnPrefill: ZDisableOnPrefill.optional(),
      ...(withOptions ? { options: ZOptions } : {}),
    })
    .strict();
}

const ZCustomField = z.discriminatedUnion(
  "type",
  [
    z
      .object({ type: z.literal("name"), label: ZLabel.optional(), placeholder: ZPlaceholder.optional(), disableOnPrefill: ZDisableOnPrefill.optional() })
      .strict()
      .describe("The booker's name (attendee.name): label and placeholder"),
    z
      .object({
        type: z.literal("email"),
        label: ZLabel.optional(),
        placeholder: ZPlaceholder.optional(),
        required: ZRequired.optional(),
        hidden: ZHidden.optional(),
        disableOnPrefill: ZDisableOnPrefill.optional(),
      })
      .strict()
      .describe("The booker's e-mail (attendee.email); a booking may always give attendee.phoneNumber instead"),
    ...CUSTOM_FIELD_TYPES.map(customField),
  ],
  {
    error: (issue) =>
      issue.code === "invalid_union"
        ? `Booking field type ${JSON.stringify((issue.input as { type?: unknown } | undefined)?.type)} is not supported; use one of name, email, ${CUSTOM_FIELD_TYPES.join(", ")} (or slug ${Object.keys(SLUG_DEFAULTS).join(", ")} for the other default fields)`
        : undefined,
  },
);

const slugDefault = <S extends "title" | "notes" | "guests">(slug: S) =>
  z
    .object({
      slug: z.literal(slug),
      label: ZLabel.optional(),
      placeholder: ZPlaceholder.optional(),
      required: ZRequired.optional(),
      hidden: ZHidden.optional(),
      disableOnPrefill: ZDisableOnPrefill.optional(),
    })
    .strict();

const ZSlugDefaultField = z.discriminatedUnion("slug", [
  slugDefault("title"),
  slugDefault("notes"),
  slugDefault("guests"),
  z
    .object({
      slug: z.literal("rescheduleReason"),
      label: ZLabel.optional(),
      placeholder: ZPlaceholder.optional(),
      required: z.literal(false, { error: "A required reschedule reason is not supported" }).optional(),
      hidden: ZHidden.optional(),
      disableOnPrefill: ZDisableOnPrefill.optional(),
    })
    .strict(),
  z.object({ slug: z.literal("location"), label: ZLabel.optional() }).strict(),
]);

const isSlugDefault = (value: unknown) => typeof value === "object" && value !== null && !("type" in value) && "slug" in value;

/** The published shape: the peer's alternatives (a field with `type`, or a default field named by `slug`). */
const documented = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(z.union([ZCustomField, ZSlugDefaultField]), { io: "input" });
  return schema;
})();

/** Parsed by the alternative its own keys pick, so a refusal names that alternative's fields rather than "Invalid input". */
const ZBookingFieldInput = z
  .unknown()
  .transform((value, context) => {
    const result = (isSlugDefault(value) ? ZSlugDefaultField : ZCustomField).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) context.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  })
  .meta(documented);

export type TBookingFieldInput = z.output<typeof ZCustomField> | z.output<typeof ZSlugDefaultField>;
export type TCustomField = Extract<TBookingFieldInput, { type: TCustomFieldType }>;

const identityOf = (field: TBookingFieldInput) => ("type" in field && (field.type === "name" || field.type === "email") ? field.type : field.slug);

export const ZBookingFieldsInput = z
  .array(ZBookingFieldInput)
  .max(MAX_BOOKING_FIELDS, `At most ${MAX_BOOKING_FIELDS} booking fields`)
  .superRefine((fields, context) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      const identity = identityOf(field);
      if (seen.has(identity)) context.addIssue({ code: "custom", path: [index], message: `Booking field ${identity} is given twice` });
      seen.add(identity);
      if (!isCustomField(field)) return;
      if (DEFAULT_FIELD_SLUGS.includes(field.slug))
        context.addIssue({ code: "custom", path: [index, "slug"], message: `${field.slug} is a default field's slug; choose another` });
      if (field.slug === ATTENDEE_PHONE_SLUG && field.type !== "phone")
        context.addIssue({ code: "custom", path: [index, "type"], message: `${ATTENDEE_PHONE_SLUG} is answered by attendee.phoneNumber: its type is phone` });
    });
  })
  // Stored as given (parsed): a JSON column.
  .transform((fields) => fields as TBookingFieldInput[] & Prisma.InputJsonArray)
  .describe(
    "The booking form: custom questions (answered in POST /v2/bookings' bookingFieldsResponses by slug) and overrides of the default fields. Replaces the whole list when sent",
  );

export function isCustomField(field: TBookingFieldInput): field is TCustomField {
  return "type" in field && (CUSTOM_FIELD_TYPES as readonly string[]).includes(field.type);
}

/** The stored list, as written by ZBookingFieldsInput (a row from before the column existed is an empty list). */
export const storedBookingFields = (value: unknown): TBookingFieldInput[] => (Array.isArray(value) ? (value as TBookingFieldInput[]) : []);

export const ZBookingFieldOutput = z.object({
  type: z.string().describe("name, email, radioInput (location), text, textarea, multiemail, or a custom field's type"),
  slug: z.string(),
  label: z.string(),
  placeholder: z.string().describe("Empty when none"),
  isDefault: z.boolean().describe("A field every booking form has"),
  required: z.boolean(),
  hidden: z.boolean(),
  options: z.array(z.string()).optional().describe("select, multiselect, checkbox and radio fields"),
  disableOnPrefill: z.boolean().optional(),
});
export type TBookingFieldOutput = z.infer<typeof ZBookingFieldOutput>;

/**
 * The fields every booking form asks for, in the peer's order. The peer requires `label` and `placeholder` on
 * its default fields; Convene sets no placeholder, so it is empty. `title` is hidden unless an event type shows it.
 */
const DEFAULT_FIELDS: TBookingFieldOutput[] = [
  { type: "name", slug: "name", label: "Your name", placeholder: "", isDefault: true, required: true, hidden: false },
  { type: "email", slug: "email", label: "Email address", placeholder: "", isDefault: true, required: true, hidden: false },
  { type: SLUG_DEFAULTS.location, slug: "location", label: "Location", placeholder: "", isDefault: true, required: false, hidden: false },
  { type: SLUG_DEFAULTS.title, slug: "title", label: "What is this meeting about?", placeholder: "", isDefault: true, required: false, hidden: true },
  { type: SLUG_DEFAULTS.notes, slug: "notes", label: "Additional notes", placeholder: "", isDefault: true, required: false, hidden: false },
  { type: SLUG_DEFAULTS.guests, slug: "guests", label: "Additional guests", placeholder: "", isDefault: true, required: false, hidden: false },
  {
    type: SLUG_DEFAULTS.rescheduleReason,
    slug: "rescheduleReason",
    label: "Reason for reschedule",
    placeholder: "",
    isDefault: true,
    required: false,
    hidden: false,
  },
];

/** The default fields with the event type's overrides applied, then its custom fields in the order given. */
export function bookingFieldsOutput(stored: unknown): TBookingFieldOutput[] {
  const fields = storedBookingFields(stored);
  const defaults = DEFAULT_FIELDS.map((field) => {
    const override = fields.find((candidate) => !isCustomField(candidate) && identityOf(candidate) === field.slug);
    if (!override) return field;
    const { type: _type, slug: _slug, ...settings } = override as Record<string, unknown>;
    return { ...field, ...settings };
  });
  const custom = fields.filter(isCustomField).map((field) => ({ ...field, isDefault: false }) as TBookingFieldOutput);
  return [...defaults, ...custom];
}

/** How one default field is set for this event type (its override over the built-in settings). */
export function defaultFieldSettings(stored: unknown, slug: string): TBookingFieldOutput | undefined {
  return bookingFieldsOutput(stored).find((field) => field.isDefault && field.slug === slug);
}
