/**
 * Variable-length event types against a real PostgreSQL: the length a listing, a booking and a reschedule use,
 * and which lengths are refused. Also GET /v2/slots' ways of naming an event type and its answer's shape.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { createBooking } from "../bookings/create";
import { rescheduleBooking } from "../bookings/booking-lifecycle";
import { db } from "../db/client";
import { getSlots, toZonedIso } from "./slots-2024-09-04";
import { ZSlotsQuery } from "./slots-2024-09-04.schemas";
import { ZAvailableSlotsQuery } from "./slots.schemas";
import { getAvailableSlots } from "./slot-listings";

const noKey = { idempotencyKey: null };
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const slots = (query: Record<string, string>) => getSlots(ZSlotsQuery.parse(query));

async function variableLengthHost(options: number[] = [30, 60]) {
  const world = await makeHostWithEventType();
  await db.eventType.update({ where: { id: world.eventType.id }, data: { lengthInMinutesOptions: options } });
  return world;
}

describe("lengthInMinutes and duration", () => {
  it("a booking takes one of the options as its length; the listing's duration sets slot length and grid", async () => {
    const { eventType } = await variableLengthHost();
    const start = utcAt(2, 10);
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start, lengthInMinutes: 60, attendee: attendee() }, noKey);
    expect(booking).toMatchObject({ duration: 60, end: new Date(start.getTime() + 60 * 60_000).toISOString() });
    const day = dayOf(start);
    const listed = await slots({ eventTypeId: String(eventType.id), start: day, end: day, duration: "60", format: "range" });
    expect(listed[day]!.slice(0, 2)).toEqual([
      { start: `${day}T09:00:00.000+00:00`, end: `${day}T10:00:00.000+00:00` },
      { start: `${day}T11:00:00.000+00:00`, end: `${day}T12:00:00.000+00:00` },
    ]);
    // The 30-minute grid sees the whole hour taken: 10:00 and 10:30 are both gone.
    const halfHours = (await slots({ eventTypeId: String(eventType.id), start: day, end: day }))[day]!.map(({ start }) => start.slice(11, 16));
    expect(halfHours).toContain("09:30");
    expect(halfHours).not.toContain("10:00");
    expect(halfHours).not.toContain("10:30");
    expect(halfHours).toContain("11:00");
  });

  it("refuses a length the event type does not offer, naming the field, and books nothing", async () => {
    const { eventType } = await variableLengthHost();
    const error = await expectAppError(
      createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), lengthInMinutes: 45, attendee: attendee() }, noKey),
      "BAD_REQUEST",
    );
    expect(error.details).toEqual([expect.objectContaining({ path: "body.lengthInMinutes" })]);
    const listing = await expectAppError(
      slots({ eventTypeId: String(eventType.id), start: dayOf(utcAt(2, 0)), end: dayOf(utcAt(2, 0)), duration: "45" }),
      "BAD_REQUEST",
    );
    expect(listing.details).toEqual([expect.objectContaining({ path: "query.duration" })]);
    expect(await db.booking.count({ where: { eventTypeId: eventType.id } })).toBe(0);
  });

  it("without options only the default length is accepted", async () => {
    const { eventType } = await makeHostWithEventType();
    await expectAppError(
      createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), lengthInMinutes: 60, attendee: attendee() }, noKey),
      "BAD_REQUEST",
    );
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), lengthInMinutes: 30, attendee: attendee() }, noKey);
    expect(booking.duration).toBe(30);
  });

  it("a rescheduled booking keeps the length chosen for it", async () => {
    const { eventType } = await variableLengthHost();
    const { booking } = await createBooking(null, { eventTypeId: eventType.id, start: utcAt(2, 10), lengthInMinutes: 60, attendee: attendee() }, noKey);
    const moved = await rescheduleBooking(null, booking.uid, { start: utcAt(3, 14) });
    expect(moved.duration).toBe(60);
  });
});

describe("GET /v2/slots: naming the event type, and the answer", () => {
  it("writes days and times in the requested zone with its offset", async () => {
    expect(toZonedIso("Europe/Rome", Date.parse("2050-09-05T07:00:00Z") / 60_000)).toBe("2050-09-05T09:00:00.000+02:00");
    expect(toZonedIso("America/New_York", Date.parse("2050-01-05T03:30:00Z") / 60_000)).toBe("2050-01-04T22:30:00.000-05:00");
    const { eventType } = await makeHostWithEventType();
    const day = dayOf(utcAt(2, 0));
    const listed = await slots({ eventTypeId: String(eventType.id), start: day, end: day, timeZone: "Asia/Kolkata" });
    expect(listed[day]![0]).toEqual({ start: `${day}T14:30:00.000+05:30` });
  });

  it("finds an event type by slug and username; another user's name or an unknown team is a 404", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const other = await makeHostWithEventType();
    const day = dayOf(utcAt(2, 0));
    const listed = await slots({ eventTypeSlug: eventType.slug, username: host.username, start: day, end: day });
    expect(listed[day]).toHaveLength(16);
    await expectAppError(slots({ eventTypeSlug: eventType.slug, username: other.host.username, start: day, end: day }), "NOT_FOUND");
    await expectAppError(slots({ eventTypeId: String(eventType.id), username: other.host.username, start: day, end: day }), "NOT_FOUND");
    await expectAppError(
      slots({ eventTypeId: String(eventType.id), teamSlug: `no-team-${randomBytes(4).toString("hex")}`, start: day, end: day }),
      "NOT_FOUND",
    );
  });

  it("finds a team's event type by teamSlug, inside its organization when named", async () => {
    const { host } = await makeHostWithEventType();
    const suffix = randomBytes(4).toString("hex");
    const organization = await db.team.create({ data: { name: "Org", slug: `org-${suffix}`, isOrganization: true } });
    const team = await db.team.create({ data: { name: "Team", slug: `team-${suffix}`, parentId: organization.id } });
    const eventType = await db.eventType.create({
      data: { teamId: team.id, title: "Team call", slug: "team-call", lengthInMinutes: 30, minimumBookingNotice: 0, hosts: { create: [{ userId: host.id }] } },
    });
    const day = dayOf(utcAt(2, 0));
    expect((await slots({ eventTypeSlug: "team-call", teamSlug: team.slug, start: day, end: day }))[day]).toHaveLength(16);
    expect((await slots({ eventTypeSlug: "team-call", teamSlug: team.slug, organizationSlug: organization.slug, start: day, end: day }))[day]).toHaveLength(16);
    await expectAppError(slots({ eventTypeSlug: "team-call", teamSlug: team.slug, organizationSlug: `other-${suffix}`, start: day, end: day }), "NOT_FOUND");
    const available = ZAvailableSlotsQuery.parse({
      eventTypeId: String(eventType.id),
      teamSlug: team.slug,
      startTime: `${day}T00:00:00Z`,
      endTime: `${day}T23:59:00Z`,
    });
    expect(Object.values((await getAvailableSlots(available)).slots).flat()).toHaveLength(16);
  });
});

describe("GET /v2/slots/available with teamSlug", () => {
  it("is a 404 for an unknown team or a team that does not hold the event type, instead of the owner's slots", async () => {
    const { eventType } = await makeHostWithEventType();
    const team = await db.team.create({ data: { name: "Team", slug: `team-${randomBytes(4).toString("hex")}` } });
    const day = dayOf(utcAt(2, 0));
    for (const teamSlug of [`no-team-${randomBytes(4).toString("hex")}`, team.slug]) {
      const query = ZAvailableSlotsQuery.parse({ eventTypeId: String(eventType.id), teamSlug, startTime: `${day}T00:00:00Z`, endTime: `${day}T23:59:00Z` });
      await expectAppError(getAvailableSlots(query), "NOT_FOUND");
    }
  });
});

describe("GET /v2/slots with both eventTypeId and eventTypeSlug", () => {
  it("needs them to name the same event type", async () => {
    const { eventType } = await makeHostWithEventType();
    const day = dayOf(utcAt(2, 0));
    expect((await slots({ eventTypeId: String(eventType.id), eventTypeSlug: eventType.slug, start: day, end: day }))[day]).toHaveLength(16);
    await expectAppError(slots({ eventTypeId: String(eventType.id), eventTypeSlug: "another-slug", start: day, end: day }), "NOT_FOUND");
  });
});
