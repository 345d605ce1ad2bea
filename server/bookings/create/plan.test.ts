import { describe, expect, it } from "vitest";
import type { BookableEventType } from "../booking-rules";
import type { PreparedSlot } from "../../slots/slots.service";
import { mayWriteInOneRoundTrip, pathOf } from "./plan";
import { seriesOf } from "./under-lock";

const user = (name: string) => ({ name, email: `${name}@example.test`, username: name, timeZone: "UTC", destinationCalendar: null, defaultSchedule: null });
const personal = {
  id: 1,
  userId: 7,
  schedulingType: null,
  hosts: [],
  owner: { ...user("owner"), defaultSchedule: null },
  bookingLimitsCount: null,
  bookingLimitsDuration: null,
  onlyShowFirstAvailableSlot: false,
  bookingWindowType: null,
  bookingWindowRolling: false,
  recurrence: null,
} as unknown as BookableEventType;
const team = (schedulingType: "COLLECTIVE" | "ROUND_ROBIN") =>
  ({
    ...personal,
    userId: null,
    owner: null,
    schedulingType,
    hosts: [1, 2].map((userId) => ({ userId, isFixed: false, priority: 2, user: user(`h${userId}`) })),
  }) as unknown as BookableEventType;
const prepared = (freeHostIds: number[], extra: Partial<PreparedSlot> = {}) => ({ available: true, freeHostIds, end: new Date(), ...extra }) as PreparedSlot;
const plain = { input: {} };

describe("pathOf", () => {
  it("writes a personal event type's free slot in one round trip", () => {
    expect(mayWriteInOneRoundTrip(personal, plain)).toBe(true);
    expect(pathOf(personal, prepared([7]), plain)).toBe("one-round-trip");
  });

  it("a collective event in one round trip only with every host free", () => {
    expect(pathOf(team("COLLECTIVE"), prepared([1, 2]), plain)).toBe("one-round-trip");
    expect(pathOf(team("COLLECTIVE"), prepared([1]), plain)).toBe("under-lock");
  });

  it("round robin claims its host", () => {
    expect(mayWriteInOneRoundTrip(team("ROUND_ROBIN"), plain)).toBe(false);
    expect(pathOf(team("ROUND_ROBIN"), prepared([1, 2]), plain)).toBe("round-robin-claim");
  });

  it("decides under the lock what needs code between statements: a private link, a reservation, rules that read other bookings, a stand-in", () => {
    expect(pathOf(personal, prepared([7]), { input: { privateLink: "link" } })).toBe("under-lock");
    expect(pathOf(personal, prepared([7]), { input: {}, reservationUid: "hold" })).toBe("under-lock");
    const limited = { ...personal, onlyShowFirstAvailableSlot: true } as unknown as BookableEventType;
    expect(pathOf(limited, prepared([7]), plain)).toBe("under-lock");
    expect(pathOf(team("COLLECTIVE"), prepared([1, 2], { redirectedFrom: new Map([[2, 3]]) }), plain)).toBe("under-lock");
  });
});

describe("the series path", () => {
  const weekly = { ...personal, recurrence: { frequency: "weekly", interval: 1, occurrences: 6 } } as unknown as BookableEventType;

  it("a recurring event type, or a request naming recurrenceCount, never takes the one round trip", () => {
    expect(mayWriteInOneRoundTrip(weekly, plain)).toBe(false);
    expect(mayWriteInOneRoundTrip(personal, { input: { recurrenceCount: 2 } })).toBe(false);
  });

  it("seriesOf: the event type's occurrences by default, fewer when asked, never more; none on a single event type", () => {
    expect(seriesOf(weekly, {})?.count).toBe(6);
    expect(seriesOf(weekly, { recurrenceCount: 2 })?.count).toBe(2);
    expect(() => seriesOf(weekly, { recurrenceCount: 7 })).toThrow(/at most/);
    expect(seriesOf(personal, {})).toBeNull();
    expect(() => seriesOf(personal, { recurrenceCount: 2 })).toThrow(/not recurring/);
  });
});
