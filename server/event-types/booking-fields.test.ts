/** Event types' bookingFields: the peer's field inputs, stored and returned as the peer's outputs. */
import { sessionActor } from "../auth/actor";
import { describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { db } from "../db/client";
import { bookingFieldsOutput } from "./booking-fields";
import { createEventType, getEventType, updateEventType } from "./event-type.service";
import { ZCreateEventTypeInput, ZUpdateEventTypeInput } from "./event-type.schemas";

const base = { title: "Intro", slug: "intro", lengthInMinutes: 30 };

const CUSTOM = [
  { type: "text", slug: "company", label: "Company", required: true, placeholder: "Acme", hidden: false },
  { type: "select", slug: "plan", label: "Plan", required: false, placeholder: "Pick", options: ["free", "pro"], hidden: false },
  { type: "boolean", slug: "terms", label: "Terms", required: true, hidden: false, disableOnPrefill: true },
  { type: "phone", slug: "attendeePhoneNumber", label: "Phone", required: true, placeholder: "", hidden: false },
];

function bookingFieldIssues(input: unknown) {
  const result = ZCreateEventTypeInput.safeParse({ ...base, bookingFields: input });
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

describe("event type bookingFields", () => {
  it("are stored on create and returned after the default fields, each custom one with isDefault false", async () => {
    const user = await makeUser();
    const created = await createEventType(sessionActor(user.id), {
      ...base,
      bookingFields: [...CUSTOM, { type: "name", label: "Full name" }, { slug: "notes", required: true }],
    });
    expect(created.bookingFields.map((field) => field.slug)).toEqual([
      "name",
      "email",
      "location",
      "title",
      "notes",
      "guests",
      "rescheduleReason",
      "company",
      "plan",
      "terms",
      "attendeePhoneNumber",
    ]);
    expect(created.bookingFields[0]).toEqual({
      type: "name",
      slug: "name",
      label: "Full name",
      placeholder: "",
      isDefault: true,
      required: true,
      hidden: false,
    });
    expect(created.bookingFields[4]).toMatchObject({ slug: "notes", type: "textarea", required: true, isDefault: true });
    expect(created.bookingFields.slice(7)).toEqual(CUSTOM.map((field) => ({ placeholder: "", ...field, isDefault: false })));
    expect(await getEventType(sessionActor(user.id), created.id)).toEqual(created);
  });

  it("every default field takes its overrides: location's label, title shown, guests required, rescheduleReason's placeholder", async () => {
    const user = await makeUser();
    const overrides = [
      { slug: "location", label: "Where" },
      { slug: "title", hidden: false, required: true },
      { slug: "guests", required: true, label: "Who else?" },
      { slug: "rescheduleReason", placeholder: "Why?" },
      { type: "email", required: false, hidden: true },
    ];
    const { bookingFields } = await createEventType(sessionActor(user.id), { ...base, bookingFields: overrides });
    const bySlug = Object.fromEntries(bookingFields.map((field) => [field.slug, field]));
    expect(bySlug.location).toMatchObject({ type: "radioInput", label: "Where", isDefault: true });
    expect(bySlug.title).toMatchObject({ type: "text", hidden: false, required: true });
    expect(bySlug.guests).toMatchObject({ type: "multiemail", label: "Who else?", required: true });
    expect(bySlug.rescheduleReason).toMatchObject({ type: "textarea", placeholder: "Why?", required: false });
    expect(bySlug.email).toMatchObject({ type: "email", required: false, hidden: true });
    expect(bookingFields.every((field) => field.isDefault)).toBe(true);
  });

  it("PATCH replaces the whole list; leaving it out keeps it", async () => {
    const user = await makeUser();
    const created = await createEventType(sessionActor(user.id), { ...base, bookingFields: CUSTOM });
    const renamed = await updateEventType(sessionActor(user.id), created.id, { title: "Renamed" });
    expect(renamed.bookingFields).toEqual(created.bookingFields);
    const updated = await updateEventType(sessionActor(user.id), created.id, { bookingFields: [{ type: "url", slug: "site", label: "Website" }] });
    expect(updated.bookingFields.filter((field) => !field.isDefault)).toEqual([
      { type: "url", slug: "site", label: "Website", placeholder: "", required: false, hidden: false, isDefault: false },
    ]);
    const cleared = await updateEventType(sessionActor(user.id), created.id, { bookingFields: [] });
    expect(cleared.bookingFields.every((field) => field.isDefault)).toBe(true);
  });

  it("defaults applied: required and hidden false, placeholder empty", () => {
    const parsed = ZUpdateEventTypeInput.parse({ bookingFields: [{ type: "number", slug: "seats", label: "Seats" }] });
    expect(parsed.bookingFields).toEqual([{ type: "number", slug: "seats", label: "Seats", required: false, hidden: false, placeholder: "" }]);
  });

  it("a type the peer documents but Convene does not implement, or an unknown one, is refused as not supported", () => {
    for (const type of ["radioInput", "smsReminder", 5, undefined]) {
      const [issue] = bookingFieldIssues([{ type, slug: "x", label: "X" }]);
      expect(issue).toEqual({ path: "bookingFields.0.type", message: expect.stringMatching(/is not supported; use one of name, email, text/) });
    }
  });

  it.each([
    ["a missing label", [{ type: "text", slug: "a" }], "bookingFields.0.label"],
    ["a bad slug", [{ type: "text", slug: "1 a", label: "A" }], "bookingFields.0.slug"],
    ["a select without options", [{ type: "select", slug: "a", label: "A" }], "bookingFields.0.options"],
    ["repeated options", [{ type: "radio", slug: "a", label: "A", options: ["x", "x"] }], "bookingFields.0.options"],
    ["options on a text field", [{ type: "text", slug: "a", label: "A", options: ["x"] }], "bookingFields.0"],
    ["an unknown property", [{ type: "text", slug: "a", label: "A", colour: "red" }], "bookingFields.0"],
    [
      "a repeated slug",
      [
        { type: "text", slug: "a", label: "A" },
        { type: "url", slug: "a", label: "B" },
      ],
      "bookingFields.1",
    ],
    ["a default field's slug", [{ type: "text", slug: "notes", label: "A" }], "bookingFields.0.slug"],
    ["attendeePhoneNumber that is not a phone field", [{ type: "text", slug: "attendeePhoneNumber", label: "A" }], "bookingFields.0.type"],
    ["a required reschedule reason", [{ slug: "rescheduleReason", required: true }], "bookingFields.0.required"],
    [
      "a default field named twice",
      [
        { type: "name", label: "A" },
        { type: "name", label: "B" },
      ],
      "bookingFields.1",
    ],
    ["a list that is not an array", { type: "text" }, "bookingFields"],
  ])("%s is refused, naming the field", (_name, input, path) => {
    expect(bookingFieldIssues(input).map((issue) => issue.path)).toContain(path);
  });

  it("a refused update writes nothing", async () => {
    const user = await makeUser();
    const created = await createEventType(sessionActor(user.id), { ...base, bookingFields: CUSTOM });
    await expect(updateEventType(sessionActor(user.id), created.id, { title: "New", bookingFields: [{ type: "nope" }] as never })).rejects.toThrow();
    const row = await db.eventType.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.title).toBe("Intro");
    expect(bookingFieldsOutput(row.bookingFields)).toEqual(created.bookingFields);
  });
});
