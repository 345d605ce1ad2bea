import { describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { db } from "../db/client";
import { getAvailableSlots } from "../slots/slot-listings";
import { bookFromPage, findBookingPage, listBookingPageDays, SLOT_TAKEN_MESSAGE } from "./booking-page.service";
import { startOfLocalDay } from "./zone-days";

describe("finding a booking page", () => {
  it("shows a visible event type of its owner, whatever the username's case", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    const page = await findBookingPage(host.username.toUpperCase(), eventType.slug);
    expect(page?.fields.map(({ slug }) => slug)).toEqual(["name", "email", "notes", "guests"]);
    expect({ ...page, fields: undefined }).toEqual({
      fields: undefined,
      locations: [],
      eventTypeId: eventType.id,
      title: "Intro call",
      slug: eventType.slug,
      description: null,
      lengthInMinutes: 30,
      requiresConfirmation: true,
      disableGuests: false,
      successRedirectUrl: null,
      recurrence: null,
      host: { name: host.name, username: host.username },
    });
  });

  it("treats hidden, unknown and another user's event types alike", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { hidden: true } });
    const other = await makeUser();
    expect(await findBookingPage(host.username, eventType.slug)).toBeNull();
    expect(await findBookingPage(host.username, "no-such-event")).toBeNull();
    expect(await findBookingPage(other.username, eventType.slug)).toBeNull();
  });

  it("never turns the app's own first path segments into booking pages", async () => {
    const { host, eventType } = await makeHostWithEventType();
    // One run, one database: nobody else here is called "settings".
    await db.user.update({ where: { id: host.id }, data: { username: "settings" } });
    await db.eventType.update({ where: { id: eventType.id }, data: { slug: "developer" } });
    expect(await findBookingPage("settings", "developer")).toBeNull();
  });
});

describe("listing a booking page's days", () => {
  it("gives fourteen local days with exactly getAvailableSlots' starts, empty days included", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { bookingWindowType: "CALENDAR_DAYS", bookingWindowDays: 3 } });
    const now = utcAt(0, 6);
    const input = { eventTypeId: eventType.id, username: host.username, timeZone: "Asia/Tokyo", weekOffset: 0 };
    const { days, hasEarlierWeeks } = await listBookingPageDays(input, now);
    expect(hasEarlierWeeks).toBe(false);
    expect(days).toHaveLength(14);
    const { slots } = await getAvailableSlots(
      {
        eventTypeId: eventType.id,
        username: host.username,
        timeZone: "Asia/Tokyo",
        startTime: startOfLocalDay("Asia/Tokyo", days[0]!.date),
        endTime: new Date(now.getTime() + 20 * 86_400_000),
      },
      { now },
    );
    expect(Object.fromEntries(days.filter((day) => day.slots.length).map((day) => [day.date, day.slots.map((time) => ({ time }))]))).toEqual(slots);
    expect(days.at(-1)!.slots).toEqual([]); // past the three-day booking window
  });

  it("pages by whole weeks", async () => {
    const { host, eventType } = await makeHostWithEventType();
    const now = utcAt(0, 6);
    const first = await listBookingPageDays({ eventTypeId: eventType.id, username: host.username, timeZone: "UTC", weekOffset: 0 }, now);
    const next = await listBookingPageDays({ eventTypeId: eventType.id, username: host.username, timeZone: "UTC", weekOffset: 1 }, now);
    expect(next.days[0]).toEqual(first.days[7]);
    expect(next.hasEarlierWeeks).toBe(true);
  });

  it("is a 404 for a hidden event type or another user's name", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { hidden: true } });
    await expectAppError(listBookingPageDays({ eventTypeId: eventType.id, username: host.username, timeZone: "UTC", weekOffset: 0 }), "NOT_FOUND");
    const visible = await makeHostWithEventType();
    await expectAppError(listBookingPageDays({ eventTypeId: visible.eventType.id, username: host.username, timeZone: "UTC", weekOffset: 0 }), "NOT_FOUND");
  });
});

describe("booking from the page", () => {
  it("answers a confirmation without the host's e-mail, pending when the host confirms", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
    const guest = attendee();
    const start = utcAt(2, 10);
    const confirmation = await bookFromPage({ eventTypeId: eventType.id, start, attendee: guest, guests: ["friend@example.test"] }, "192.0.2.10");
    expect(confirmation).toMatchObject({
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      isPending: true,
      hostNames: [host.name],
      attendee: { name: guest.name, email: guest.email },
      guests: ["friend@example.test"],
    });
    expect(JSON.stringify(confirmation)).not.toContain(host.email);
  });

  it("says in plain words that a slot was taken meanwhile", async () => {
    const { eventType } = await makeHostWithEventType();
    const start = utcAt(2, 11);
    await bookFromPage({ eventTypeId: eventType.id, start, attendee: attendee() }, "192.0.2.10");
    const error = await expectAppError(bookFromPage({ eventTypeId: eventType.id, start, attendee: attendee() }, "192.0.2.10"), "CONFLICT");
    expect(error.message).toBe(SLOT_TAKEN_MESSAGE);
  });
});
