/**
 * POST /v2/bookings with the peer's CreateBookingInput_2024_08_13 (issue 9 §3): each field it documents that Convene
 * implements (attendee.phoneNumber without email, guests, eventTypeSlug + username/teamSlug, meetingUrl,
 * bookingFieldsResponses with event types' bookingFields) is accepted and effective; each bad variant is a 400
 * naming the field and writes nothing. Answers are held to the peer's response schemas (send() checks them).
 */
import type { APIRequestContext } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { bearer, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { send } from "../support/peer/conformance";
import { PEER } from "../support/peer/peer-schemas";

test.afterAll(() => disconnectDb());

type Issue = { path: string; message: string };
type Json = Record<string, unknown>;

const uniquePhone = () => `+4420${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`;
const post = (request: APIRequestContext, data: unknown) => request.post("/v2/bookings", { headers: V, data });

/** A 400 in the v2 envelope with an issue at `path` (and its message matching `message`), and no booking written for the event type. */
async function expectRefused(response: Awaited<ReturnType<typeof post>>, path: string, eventTypeId: number, message?: RegExp) {
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(400);
  expect(body).toMatchObject({ status: "error", error: { code: "BAD_REQUEST" } });
  const issues = (body.error.details as Issue[]).filter((issue) => issue.path === path);
  expect(issues, JSON.stringify(body.error.details)).not.toHaveLength(0);
  if (message) expect(issues.map((issue) => issue.message).join(" ")).toMatch(message);
  expect(await db.booking.count({ where: { eventTypeId } })).toBe(0);
}

/** The peer's example value of every CreateBookingInput_2024_08_13 property (an object's from its own properties' examples). */
function peerExampleBody(): Json {
  const schemas = PEER.components.schemas as Record<string, { properties?: Record<string, Json> }>;
  const exampleOf = (node: Json): unknown => {
    if ("example" in node) return node.example;
    const ref = ((node.allOf as Json[] | undefined)?.[0]?.$ref ?? (node.oneOf as Json[] | undefined)?.[0]?.$ref) as string | undefined;
    const target = ref ? schemas[ref.split("/").pop()!]! : undefined;
    return Object.fromEntries(Object.entries(target?.properties ?? {}).map(([name, property]) => [name, exampleOf(property)]));
  };
  return Object.fromEntries(Object.entries(schemas.CreateBookingInput_2024_08_13!.properties!).map(([name, property]) => [name, exampleOf(property)]));
}

test("the peer's full example body is booked (201): only refused fields and the other ways of naming the event type are left out", async ({ request }) => {
  const { apiKey, eventType, host } = await makeHostWithEventType();
  await request.patch(`/v2/event-types/${eventType.id}`, {
    headers: bearer(apiKey),
    data: {
      bookingFields: [{ type: "text", slug: "customField", label: "Custom", required: true, placeholder: "", hidden: false }],
      // The example's location is the peer's {type: "address"}: the organizer's address, which the event type must offer.
      locations: [{ type: "address", address: "1 Example Street", public: true }],
    },
  });
  const example = peerExampleBody();
  expect(Object.keys(example)).toEqual(expect.arrayContaining(["attendee", "bookingFieldsResponses", "guests", "meetingUrl", "location", "metadata"]));
  // Documented as refused (Convene has no routing forms, e-mail verification, or variable lengths here); one way to name the event type.
  const {
    routing: _r,
    emailVerificationCode: _e,
    lengthInMinutes: _l,
    eventTypeId: _i,
    eventTypeSlug: _s,
    username: _u,
    teamSlug: _t,
    organizationSlug: _o,
    ...body
  } = example;
  for (const naming of [{ eventTypeId: eventType.id }, { eventTypeSlug: eventType.slug, username: host.username }]) {
    const start = utcAt(2, "eventTypeId" in naming ? 10 : 11).toISOString();
    const { data } = await send(request, "POST /v2/bookings", "/v2/bookings", { headers: V, data: { ...body, ...naming, start } });
    expect(data).toMatchObject({
      eventType: { id: eventType.id },
      guests: example.guests,
      metadata: example.metadata,
      location: "1 Example Street",
      bookingFieldsResponses: { ...(example.bookingFieldsResponses as Json), name: (example.attendee as Json).name },
    });
  }
});

test.describe("attendee.phoneNumber without email", () => {
  test("books, answers the stand-in address the peer's schema requires, and lists the attendee", async ({ request }) => {
    const { eventType, apiKey } = await makeHostWithEventType();
    const phoneNumber = uniquePhone();
    const { data } = await send(request, "POST /v2/bookings", "/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: utcAt(2, 10).toISOString(), attendee: { name: "Pat", timeZone: "UTC", phoneNumber } },
    });
    const standIn = `${phoneNumber.slice(1)}@sms.invalid`;
    expect(data.attendees).toEqual([expect.objectContaining({ email: standIn, displayEmail: standIn, phoneNumber })]);
    expect(data.bookingFieldsResponses).toEqual({ name: "Pat", attendeePhoneNumber: phoneNumber });
    // Not an operation of the peer's extract: read directly.
    const attendees = await request.get(`/v2/bookings/${data.uid}/attendees`, { headers: bearer(apiKey) });
    expect((await attendees.json()).data).toEqual(data.attendees);
  });

  const variants: [string, Json, string][] = [
    ["neither email nor phoneNumber", { name: "Pat", timeZone: "UTC" }, "body.attendee.email"],
    ["a phone number not in international format", { name: "Pat", timeZone: "UTC", phoneNumber: "0415 555" }, "body.attendee.phoneNumber"],
    ["a bad email beside a phone number", { name: "Pat", timeZone: "UTC", phoneNumber: uniquePhone(), email: "nope" }, "body.attendee.email"],
  ];
  for (const [name, attendeeBody, path] of variants) {
    test(`${name} is a 400 naming ${path}`, async ({ request }) => {
      const { eventType } = await makeHostWithEventType();
      await expectRefused(await post(request, { eventTypeId: eventType.id, start: utcAt(2, 10).toISOString(), attendee: attendeeBody }), path, eventType.id);
    });
  }
});

test.describe("guests", () => {
  test("are attendees of the booking and listed in guests, once each, without the booker", async ({ request }) => {
    const { eventType } = await makeHostWithEventType();
    const booker = attendee();
    const guests = ["one@example.test", "Two@Example.test", "one@example.test", booker.email];
    const { data } = await send(request, "POST /v2/bookings", "/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: utcAt(2, 10).toISOString(), attendee: booker, guests },
    });
    expect(data.guests).toEqual(["one@example.test", "two@example.test"]);
    expect(data.attendees.map((person: { email: string }) => person.email)).toEqual([booker.email, "one@example.test", "two@example.test"]);
  });

  const variants: [string, unknown, string][] = [
    ["a string instead of a list", "one@example.test", "body.guests"],
    ["an entry that is not an e-mail", ["one@example.test", "nope"], "body.guests.1"],
    ["31 guests", Array.from({ length: 31 }, (_, index) => `g${index}@example.test`), "body.guests"],
  ];
  for (const [name, guests, path] of variants) {
    test(`${name} is a 400 naming ${path}`, async ({ request }) => {
      const { eventType } = await makeHostWithEventType();
      await expectRefused(
        await post(request, { eventTypeId: eventType.id, start: utcAt(2, 10).toISOString(), attendee: attendee(), guests }),
        path,
        eventType.id,
      );
    });
  }
});

test.describe("eventTypeSlug with username or teamSlug", () => {
  test("names the event type; an unknown one is the 404 of a missing event type, an unknown team a 404", async ({ request }) => {
    const { eventType, host } = await makeHostWithEventType();
    const start = utcAt(2, 10).toISOString();
    const { data } = await send(request, "POST /v2/bookings", "/v2/bookings", {
      headers: V,
      data: { eventTypeSlug: eventType.slug, username: host.username, start, attendee: attendee() },
    });
    expect(data.eventType).toEqual({ id: eventType.id, slug: eventType.slug });
    for (const naming of [
      { eventTypeSlug: "missing-slug", username: host.username },
      { eventTypeSlug: eventType.slug, username: `nobody-${randomBytes(3).toString("hex")}` },
      { eventTypeSlug: eventType.slug, teamSlug: `no-team-${randomBytes(3).toString("hex")}` },
      { eventTypeSlug: eventType.slug, username: host.username, organizationSlug: `no-org-${randomBytes(3).toString("hex")}` },
    ]) {
      const response = await post(request, { ...naming, start: utcAt(2, 11).toISOString(), attendee: attendee() });
      expect(response.status()).toBe(404);
      expect((await response.json()).error.code).toBe("NOT_FOUND");
    }
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(1);
  });

  const variants: [string, (ids: { id: number; slug: string; username: string }) => Json, string][] = [
    ["eventTypeId and eventTypeSlug together", ({ id, slug, username }) => ({ eventTypeId: id, eventTypeSlug: slug, username }), "body.eventTypeId"],
    ["eventTypeSlug alone", ({ slug }) => ({ eventTypeSlug: slug }), "body.username"],
    ["username alone", ({ username }) => ({ username }), "body.eventTypeSlug"],
    ["username and teamSlug together", ({ slug, username }) => ({ eventTypeSlug: slug, username, teamSlug: "team" }), "body.teamSlug"],
    ["an empty eventTypeSlug", ({ username }) => ({ eventTypeSlug: "", username }), "body.eventTypeSlug"],
  ];
  for (const [name, naming, path] of variants) {
    test(`${name} is a 400 naming ${path}`, async ({ request }) => {
      const { eventType, host } = await makeHostWithEventType();
      const body = { ...naming({ id: eventType.id, slug: eventType.slug, username: host.username }), start: utcAt(2, 10).toISOString(), attendee: attendee() };
      await expectRefused(await post(request, body), path, eventType.id);
    });
  }
});

test.describe("meetingUrl", () => {
  test("is the booking's meetingUrl and location", async ({ request }) => {
    const { eventType } = await makeHostWithEventType();
    const meetingUrl = "https://meet.example.test/abc-def";
    const { data } = await send(request, "POST /v2/bookings", "/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: utcAt(2, 10).toISOString(), attendee: attendee(), meetingUrl },
    });
    expect(data).toMatchObject({ meetingUrl, location: meetingUrl });
  });

  for (const meetingUrl of ["not a url", "ftp://files.example.test/x", 42]) {
    test(`${JSON.stringify(meetingUrl)} is a 400 naming body.meetingUrl`, async ({ request }) => {
      const { eventType } = await makeHostWithEventType();
      await expectRefused(
        await post(request, { eventTypeId: eventType.id, start: utcAt(2, 10).toISOString(), attendee: attendee(), meetingUrl }),
        "body.meetingUrl",
        eventType.id,
      );
    });
  }
});

test.describe("bookingFields and bookingFieldsResponses", () => {
  const FORM = [
    { type: "text", slug: "company", label: "Company", required: true, placeholder: "Acme", hidden: false },
    { type: "select", slug: "plan", label: "Plan", required: false, placeholder: "", options: ["free", "pro"], hidden: false },
    { type: "multiselect", slug: "topics", label: "Topics", required: false, options: ["api", "ui"], hidden: false },
    { type: "boolean", slug: "terms", label: "I agree", required: true, hidden: false },
    { type: "email", label: "Work e-mail", placeholder: "you@work.test" },
    { slug: "notes", required: false, label: "Anything else?" },
  ];

  async function eventTypeWithForm(request: APIRequestContext) {
    const { apiKey, host } = await makeHostWithEventType();
    const headers = bearer(apiKey);
    const { data } = await send(request, "POST /v2/event-types", "/v2/event-types", {
      headers,
      data: { title: "Form", slug: `form-${randomBytes(3).toString("hex")}`, lengthInMinutes: 30, minimumBookingNotice: 0, bookingFields: FORM },
    });
    return { headers, host, eventType: data as { id: number; slug: string; bookingFields: Json[] } };
  }

  test("an event type's fields are returned as the peer's outputs; PATCH replaces them", async ({ request }) => {
    const { headers, eventType } = await eventTypeWithForm(request);
    expect(eventType.bookingFields.find((field) => field.slug === "email")).toMatchObject({
      label: "Work e-mail",
      placeholder: "you@work.test",
      isDefault: true,
    });
    expect(eventType.bookingFields.filter((field) => !field.isDefault).map((field) => field.slug)).toEqual(["company", "plan", "topics", "terms"]);
    const { data } = await send(request, "PATCH /v2/event-types/{eventTypeId}", `/v2/event-types/${eventType.id}`, {
      headers,
      data: { bookingFields: [{ type: "phone", slug: "attendeePhoneNumber", label: "Phone", required: true, placeholder: "", hidden: false }] },
    });
    expect(data.bookingFields.filter((field: Json) => !field.isDefault)).toEqual([
      { type: "phone", slug: "attendeePhoneNumber", label: "Phone", required: true, placeholder: "", hidden: false, isDefault: false },
    ]);
    const { data: again } = await send(request, "GET /v2/event-types/{eventTypeId}", `/v2/event-types/${eventType.id}`, { headers });
    expect(again.bookingFields).toEqual(data.bookingFields);
  });

  test("a field type Convene does not implement is a 400 saying so, and the event type is not written", async ({ request }) => {
    const { headers, host } = await eventTypeWithForm(request);
    const response = await request.post("/v2/event-types", {
      headers,
      data: { title: "X", slug: "unsupported-field", lengthInMinutes: 30, bookingFields: [{ type: "radioInput", slug: "x", label: "X" }] },
    });
    expect(response.status()).toBe(400);
    const issues = (await response.json()).error.details as Issue[];
    expect(issues).toEqual([{ path: "body.bookingFields.0.type", message: expect.stringMatching(/"radioInput" is not supported/) }]);
    expect(await db.eventType.count({ where: { userId: host.id, slug: "unsupported-field" } })).toBe(0);
  });

  test("answers are stored and returned; GET and the list answer them too", async ({ request }) => {
    const { headers, eventType } = await eventTypeWithForm(request);
    const booker = attendee();
    const answers = { company: "Acme", plan: "pro", topics: ["api"], terms: true, notes: "Slides" };
    const { data } = await send(request, "POST /v2/bookings", "/v2/bookings", {
      headers: V,
      data: { eventTypeId: eventType.id, start: utcAt(2, 10).toISOString(), attendee: booker, bookingFieldsResponses: answers },
    });
    const expected = { name: booker.name, email: booker.email, ...answers };
    expect(data.bookingFieldsResponses).toEqual(expected);
    const { data: one } = await send(request, "GET /v2/bookings/{bookingUid}", `/v2/bookings/${data.uid}`, { headers: { ...V, ...headers } });
    expect(one.bookingFieldsResponses).toEqual(expected);
  });

  const variants: [string, Json, string, RegExp][] = [
    ["a required answer missing", { terms: true }, "body.bookingFieldsResponses.company", /required/],
    ["an option the field does not offer", { company: "A", terms: true, plan: "gold" }, "body.bookingFieldsResponses.plan", /one of: free, pro/],
    ["a wrong type", { company: ["A"], terms: true }, "body.bookingFieldsResponses.company", /string/],
    ["a required box left unticked", { company: "A", terms: false }, "body.bookingFieldsResponses.terms", /true/],
    ["a field the event type does not have", { company: "A", terms: true, colour: "red" }, "body.bookingFieldsResponses.colour", /no booking field colour/],
    ["an answer given elsewhere in the body", { company: "A", terms: true, email: "x@example.test" }, "body.bookingFieldsResponses.email", /attendee\.email/],
    ["a list instead of an object", ["company"] as unknown as Json, "body.bookingFieldsResponses", /expected record/],
  ];
  for (const [name, answers, path, message] of variants) {
    test(`${name} is a 400 naming ${path}`, async ({ request }) => {
      const { eventType } = await eventTypeWithForm(request);
      const body = { eventTypeId: eventType.id, start: utcAt(2, 10).toISOString(), attendee: attendee(), bookingFieldsResponses: answers };
      await expectRefused(await post(request, body), path, eventType.id, message);
    });
  }
});
