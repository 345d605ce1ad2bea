/** createBooking with the peer's body fields: phone-only attendees, event types named by slug, meetingUrl, booking field answers. */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import type { Principal } from "../auth/principal";
import { eventOf } from "../calendars/booking-sync";
import { db } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { ZBookingFieldsInput } from "../event-types/booking-fields";
import { expectAppError } from "../../e2e/support/rejections";
import { getAttendee, listAttendees } from "./booking-edits";
import { rescheduleBooking } from "./booking-lifecycle";
import { getBooking } from "./booking-reads";
import { bookingIcs } from "./booking-ics";
import { quotaOf } from "../security/rate-limits";
import { ZCreateBookingInput } from "./booking.schemas";
import { createBooking } from "./create";

const MAX_BOOKINGS_PER_ATTENDEE_EMAIL = quotaOf("BOOKINGS_PER_ATTENDEE_EMAIL");

const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });
const noKey = { idempotencyKey: null };
const uniquePhone = () => `+1415${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, "0")}`;
const uniqueAddress = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;
const phoneOnly = (phoneNumber = uniquePhone()) => ({ name: "Pat Phone", timeZone: "Europe/Paris", language: "en" as const, phoneNumber });

describe("a phone-only attendee", () => {
  it("is booked with a stand-in address from the number, shown with the phone; nothing is mailed to it, the host gets his mail", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const phoneNumber = uniquePhone();
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: phoneOnly(phoneNumber) }, noKey);
    const standIn = `${phoneNumber.slice(1)}@sms.invalid`;
    expect(booking.attendees).toEqual([expect.objectContaining({ name: "Pat Phone", email: standIn, displayEmail: standIn, phoneNumber })]);
    expect(booking.bookingFieldsResponses).toEqual({ name: "Pat Phone", attendeePhoneNumber: phoneNumber });
    await runPendingJobs();
    expect(await db.outboxMail.count({ where: { to: standIn } })).toBe(0);
    expect(await db.outboxMail.count({ where: { to: host.email, subject: { startsWith: "Booked:" } } })).toBe(1);
    const ics = (await bookingIcs(booking.uid))!;
    expect(ics).toContain(`tel:${phoneNumber}`);
    expect(ics).not.toContain("sms.invalid");

    // Hosts' calendars show the attendee's phone, not the stand-in address.
    const calendarEvent = eventOf(booking, booking.icsUid);
    expect(calendarEvent.description).toContain(`Pat Phone <${phoneNumber}>`);
    expect(calendarEvent.description).not.toContain("sms.invalid");

    expect(await listAttendees(asUser(host.id), booking.uid)).toEqual(booking.attendees);
    expect(await getAttendee(asUser(host.id), booking.uid, booking.attendees[0]!.id)).toEqual(booking.attendees[0]);
  });

  it("guests of a phone-only booker still get their mail", async () => {
    const { eventType } = await makeHostWithEventType();
    const guest = `guest-${randomBytes(3).toString("hex")}@example.test`;
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 11), attendee: phoneOnly(), guests: [guest] }, noKey);
    expect(booking.guests).toEqual([guest]);
    await runPendingJobs();
    expect(await db.outboxMail.count({ where: { to: guest, subject: { startsWith: "Booked:" } } })).toBe(1);
  });

  it("neither e-mail nor phone is a 400 naming attendee.email", () => {
    const result = ZCreateBookingInput.safeParse({ eventTypeId: 1, start: utcAt(2, 10).toISOString(), attendee: { name: "X", timeZone: "UTC" } });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["attendee.email"]);
  });

  it("one phone number books at most the per-attendee limit, as one e-mail does", async () => {
    const { eventType } = await makeHostWithEventType();
    const booker = phoneOnly();
    const book = (index: number) =>
      createBooking(
        null,
        { eventTypeId: eventType.id, start: utcAt(5, 9 + Math.floor(index / 2), (index % 2) * 30), attendee: booker },
        { ...noKey, clientAddress: uniqueAddress() },
      );
    for (let index = 0; index < MAX_BOOKINGS_PER_ATTENDEE_EMAIL; index++) await book(index);
    await expectAppError(book(MAX_BOOKINGS_PER_ATTENDEE_EMAIL), "TOO_MANY_REQUESTS");
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(MAX_BOOKINGS_PER_ATTENDEE_EMAIL);
  });

  it("an Idempotency-Key retry returns the first booking; the key with another phone number is refused", async () => {
    const { eventType } = await makeHostWithEventType();
    const key = `phone-${randomBytes(4).toString("hex")}`;
    const input = { eventTypeId: eventType.id, start: utcAt(2, 12), attendee: phoneOnly() };
    const first = await createBooking(null, input, { idempotencyKey: key });
    const retry = await createBooking(null, input, { idempotencyKey: key });
    expect([first.created, retry.created, retry.booking.uid]).toEqual([true, false, first.booking.uid]);
    await expectAppError(createBooking(null, { ...input, attendee: phoneOnly() }, { idempotencyKey: key }), "UNPROCESSABLE_ENTITY");
  });
});

describe("naming the event type by slug", () => {
  it("eventTypeSlug with username books that user's event type", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const { booking } = await createBooking(null, { eventTypeSlug: eventType.slug, username: host.username, start: utcAt(2, 10), attendee: attendee() }, noKey);
    expect(booking.eventType).toEqual({ id: eventType.id, slug: eventType.slug });
  });

  it("an unknown slug, username, team or organization is a 404, and nothing is written", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const other = await makeHostWithEventType();
    const start = utcAt(2, 10);
    for (const naming of [
      { eventTypeSlug: "no-such-event", username: host.username },
      { eventTypeSlug: eventType.slug, username: "no-such-user-x1" },
      { eventTypeSlug: eventType.slug, username: other.host.username },
      { eventTypeSlug: eventType.slug, teamSlug: "no-such-team-x1" },
      { eventTypeSlug: eventType.slug, username: host.username, organizationSlug: "no-such-org-x1" },
    ]) {
      await expectAppError(createBooking(null, { ...naming, start, attendee: attendee() }, noKey), "NOT_FOUND");
    }
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  });

  it("a hidden event type named by slug still needs its private link", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { hidden: true } });
    await expectAppError(
      createBooking(null, { eventTypeSlug: eventType.slug, username: host.username, start: utcAt(2, 10), attendee: attendee() }, noKey),
      "NOT_FOUND",
    );
  });

  it("eventTypeSlug with teamSlug books the team's event type", async () => {
    const { host } = await makeHostWithEventType();
    const team = await db.team.create({ data: { name: "Crew", slug: `crew-${randomBytes(3).toString("hex")}` } });
    const teamEventType = await db.eventType.create({
      data: { teamId: team.id, title: "Team call", slug: "team-call", lengthInMinutes: 30, minimumBookingNotice: 0, hosts: { create: [{ userId: host.id }] } },
    });
    const { booking } = await createBooking(null, { eventTypeSlug: "team-call", teamSlug: team.slug, start: utcAt(2, 15), attendee: attendee() }, noKey);
    expect(booking.eventType).toEqual({ id: teamEventType.id, slug: "team-call" });
    expect(booking.hosts.map(({ id }) => id)).toEqual([host.id]);
  });

  it("organizationSlug names the organization of the user or of the team", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const suffix = randomBytes(3).toString("hex");
    const org = await db.team.create({ data: { name: "Org", slug: `org-${suffix}`, isOrganization: true } });
    const team = await db.team.create({ data: { name: "Org crew", slug: `crew-${suffix}`, parentId: org.id } });
    await db.membership.create({ data: { teamId: org.id, userId: host.id, accepted: true } });
    await db.eventType.create({
      data: { teamId: team.id, title: "Org call", slug: "org-call", lengthInMinutes: 30, minimumBookingNotice: 0, hosts: { create: [{ userId: host.id }] } },
    });
    const byUser = await createBooking(
      null,
      { eventTypeSlug: eventType.slug, username: host.username, organizationSlug: org.slug, start: utcAt(2, 9), attendee: attendee() },
      noKey,
    );
    expect(byUser.booking.eventType?.id).toBe(eventType.id);
    const byTeam = await createBooking(
      null,
      { eventTypeSlug: "org-call", teamSlug: team.slug, organizationSlug: org.slug, start: utcAt(2, 13), attendee: attendee() },
      noKey,
    );
    expect(byTeam.booking.eventType?.slug).toBe("org-call");
    // The team belongs to the organization: without organizationSlug it is not a top-level team.
    await expectAppError(
      createBooking(null, { eventTypeSlug: "org-call", teamSlug: team.slug, start: utcAt(2, 14), attendee: attendee() }, noKey),
      "NOT_FOUND",
    );
  });

  it.each([
    [{ eventTypeId: 1, eventTypeSlug: "a", username: "b" }, "eventTypeId"],
    [{ eventTypeSlug: "a" }, "username"],
    [{ username: "b" }, "eventTypeSlug"],
    [{ eventTypeSlug: "a", username: "b", teamSlug: "c" }, "teamSlug"],
    [{}, "eventTypeId"],
  ])("%j is a 400 naming %s", (naming, path) => {
    const result = ZCreateBookingInput.safeParse({ ...naming, start: utcAt(2, 10).toISOString(), attendee: attendee() });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([path]);
  });
});

describe("meetingUrl", () => {
  it("is the booking's link location, returned as meetingUrl and location; location wins over it", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "address", address: "1 Main St", public: true }] } });
    const meetingUrl = "https://meet.example.test/abc";
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee(), meetingUrl }, noKey);
    expect(booking).toMatchObject({ meetingUrl, location: meetingUrl });
    const both = await createBooking(
      null,
      { eventTypeId: eventType.id, start: utcAt(2, 11), attendee: attendee(), meetingUrl, location: { type: "address", address: "1 Main St" } },
      noKey,
    );
    expect(both.booking.location).toBe("1 Main St");
    expect(both.booking.meetingUrl).toBeUndefined();
  });
});

describe("an attendee-defined location", () => {
  it("is the place the attendee names, returned as the booking's location", async () => {
    const { eventType } = await makeHostWithEventType({ eventType: { locations: [{ type: "attendeeDefined" }] } });
    const input = ZCreateBookingInput.parse({
      eventTypeId: eventType.id,
      start: utcAt(2, 10).toISOString(),
      attendee: attendee(),
      location: { type: "attendeeDefined", location: "Café de Flore, Paris" },
    });
    const { booking } = await createBooking(null, input, noKey);
    expect(booking.location).toBe("Café de Flore, Paris");
    expect((await getBooking(asUser(booking.hosts[0]!.id), booking.uid)).location).toBe("Café de Flore, Paris");
  });
});

describe("bookingFieldsResponses", () => {
  async function eventTypeWithForm() {
    const made = await makeHostWithEventType();
    const bookingFields = ZBookingFieldsInput.parse([
      { type: "text", slug: "company", label: "Company", required: true },
      { type: "select", slug: "plan", label: "Plan", options: ["free", "pro"] },
    ]);
    await db.eventType.update({ where: { id: made.eventType.id }, data: { bookingFields } });
    return made;
  }

  it("are stored and returned with the booker's name and e-mail; a reschedule keeps them", async () => {
    const { host, eventType } = await eventTypeWithForm();
    const booker = attendee();
    const { booking } = await createBooking(
      null,
      { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: booker, bookingFieldsResponses: { company: "Acme", plan: "pro", notes: "Agenda" } },
      noKey,
    );
    const expected = { name: booker.name, email: booker.email, company: "Acme", plan: "pro", notes: "Agenda" };
    expect(booking.bookingFieldsResponses).toEqual(expected);
    expect((await getBooking(asUser(host.id), booking.uid)).bookingFieldsResponses).toEqual(expected);
    const moved = await rescheduleBooking(null, booking.uid, { start: utcAt(3, 10) });
    expect(moved.bookingFieldsResponses).toEqual(expected);
  });

  it("a refused answer is a 400 naming the field, and nothing is written", async () => {
    const { eventType } = await eventTypeWithForm();
    const error = await expectAppError(
      createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee(), bookingFieldsResponses: { plan: "gold", extra: 1 } }, noKey),
      "BAD_REQUEST",
    );
    expect((error.details as { path: string }[]).map(({ path }) => path)).toEqual([
      "body.bookingFieldsResponses.extra",
      "body.bookingFieldsResponses.company",
      "body.bookingFieldsResponses.plan",
    ]);
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  });
});
