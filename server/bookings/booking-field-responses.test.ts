/** Answers to an event type's booking form, checked field by field (pure: no database). */
import { describe, expect, it } from "vitest";
import { ZBookingFieldsInput } from "../event-types/booking-fields";
import { AppError } from "../errors";
import { bookingFieldsResponsesOutput, checkBookingFieldsResponses } from "./booking-field-responses";

const FORM = ZBookingFieldsInput.parse([
  { type: "text", slug: "company", label: "Company" },
  { type: "textarea", slug: "agenda", label: "Agenda" },
  { type: "number", slug: "seats", label: "Seats" },
  { type: "phone", slug: "mobile", label: "Mobile" },
  { type: "address", slug: "office", label: "Office" },
  { type: "url", slug: "site", label: "Website" },
  { type: "select", slug: "plan", label: "Plan", options: ["free", "pro"] },
  { type: "radio", slug: "size", label: "Size", options: ["s", "m"] },
  { type: "multiselect", slug: "topics", label: "Topics", options: ["api", "ui", "ops"] },
  { type: "checkbox", slug: "days", label: "Days", options: ["mon", "tue"] },
  { type: "boolean", slug: "newsletter", label: "Newsletter" },
  { type: "multiemail", slug: "cc", label: "CC" },
]);

const body = (bookingFieldsResponses: Record<string, unknown>, extra: { guests?: string[]; attendee?: { phoneNumber?: string } } = {}) => ({
  bookingFieldsResponses,
  attendee: extra.attendee ?? {},
  guests: extra.guests,
});

function issuesOf(fields: unknown, answers: Record<string, unknown>, extra = {}) {
  try {
    checkBookingFieldsResponses(fields, body(answers, extra));
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("BAD_REQUEST");
    return (error as AppError).details as { path: string; message: string }[];
  }
  throw new Error("expected a refusal");
}

describe("checkBookingFieldsResponses", () => {
  it("accepts an answer of every type and stores it normalised", () => {
    const answers = {
      company: "  Acme  ",
      agenda: "Line 1\nLine 2",
      seats: "12",
      mobile: "+1 (415) 555-0123",
      office: "1 Main St",
      site: "https://acme.example",
      plan: "pro",
      size: "m",
      topics: ["api", "ops"],
      days: ["tue"],
      newsletter: false,
      cc: ["Boss@Example.test"],
      notes: "Bring slides",
      title: "Kick-off",
    };
    expect(checkBookingFieldsResponses(FORM, body(answers))).toEqual({
      ...answers,
      company: "Acme",
      seats: 12,
      mobile: "+14155550123",
      cc: ["boss@example.test"],
    });
  });

  it("leaves out empty answers and accepts none at all when nothing is required", () => {
    expect(checkBookingFieldsResponses(FORM, body({ company: "", topics: [] }))).toEqual({});
    expect(checkBookingFieldsResponses([], { attendee: {} })).toEqual({});
  });

  it.each([
    ["company", 5, /expected string/],
    ["company", "x".repeat(1001), /At most 1000/],
    ["seats", "twelve", /number/],
    ["seats", true, /./],
    ["mobile", "0415 555", /international format/],
    ["site", "ftp://acme.example", /http\(s\) URL/],
    ["plan", "enterprise", /one of: free, pro/],
    ["size", ["s"], /./],
    ["topics", ["api", "api"], /at most once/],
    ["topics", ["web"], /one of: api, ui, ops/],
    ["days", "mon", /expected array/],
    ["newsletter", "yes", /expected boolean/],
    ["cc", ["not-an-address"], /valid e-mail/],
    ["notes", 42, /expected string/],
  ])("refuses %s = %j naming the field", (slug, value, message) => {
    const issues = issuesOf(FORM, { [slug]: value });
    expect(issues).toEqual([{ path: `body.bookingFieldsResponses.${slug}`, message: expect.stringMatching(message) }]);
  });

  it("refuses answers to fields the form does not have, answers given elsewhere in the body, and null", () => {
    const issues = issuesOf(FORM, { unknown: "x", name: "Ada", email: "a@b.test", guests: [], location: "x", attendeePhoneNumber: "+14155550123", plan: null });
    expect(issues.map((issue) => issue.path)).toEqual(
      ["unknown", "name", "email", "guests", "location", "attendeePhoneNumber", "plan"].map((slug) => `body.bookingFieldsResponses.${slug}`),
    );
    expect(issues[0]!.message).toMatch(/no booking field unknown/);
    expect(issues[1]!.message).toMatch(/attendee\.name/);
  });

  it("requires answers to required fields that are shown; a required yes/no field needs yes", () => {
    const form = ZBookingFieldsInput.parse([
      { type: "text", slug: "company", label: "Company", required: true },
      { type: "select", slug: "plan", label: "Plan", required: true, options: ["free"] },
      { type: "boolean", slug: "terms", label: "Terms", required: true },
      { type: "text", slug: "internal", label: "Internal", required: true, hidden: true },
      { slug: "notes", required: true },
    ]);
    const issues = issuesOf(form, { company: " ", terms: false });
    expect(issues).toEqual([
      { path: "body.bookingFieldsResponses.notes", message: "Additional notes: an answer is required" },
      { path: "body.bookingFieldsResponses.company", message: "Company: an answer is required" },
      { path: "body.bookingFieldsResponses.plan", message: "Plan: choose an option" },
      { path: "body.bookingFieldsResponses.terms", message: "Terms: must be answered true" },
    ]);
    expect(checkBookingFieldsResponses(form, body({ company: "Acme", plan: "free", terms: true, notes: "n" }))).toMatchObject({ terms: true });
  });

  it("a required guests field needs a guest; a required attendeePhoneNumber field needs attendee.phoneNumber", () => {
    const form = ZBookingFieldsInput.parse([
      { slug: "guests", required: true },
      { type: "phone", slug: "attendeePhoneNumber", label: "Phone", required: true },
    ]);
    expect(issuesOf(form, {}).map((issue) => issue.path)).toEqual(["body.attendee.phoneNumber", "body.guests"]);
    expect(checkBookingFieldsResponses(form, body({}, { guests: ["g@example.test"], attendee: { phoneNumber: "+14155550123" } }))).toEqual({});
  });
});

describe("bookingFieldsResponsesOutput", () => {
  const booker = { name: "Ada", email: "ada@example.test", isGuest: false, phoneNumber: null };
  it("gives the booker's name and e-mail, the stored answers and the guests", () => {
    const guest = { name: "g", email: "g@example.test", isGuest: true, phoneNumber: null };
    expect(bookingFieldsResponsesOutput({ company: "Acme" }, [booker, guest])).toEqual({
      name: "Ada",
      email: "ada@example.test",
      company: "Acme",
      guests: ["g@example.test"],
    });
  });

  it("a phone-only booker: attendeePhoneNumber and no stand-in e-mail", () => {
    const phoneOnly = { ...booker, email: "14155550123@sms.invalid", phoneNumber: "+14155550123" };
    expect(bookingFieldsResponsesOutput({}, [phoneOnly])).toEqual({ name: "Ada", attendeePhoneNumber: "+14155550123" });
  });
});
