/**
 * Scheduling seed helpers: a host with a working-hours schedule and an event type, written with Prisma
 * directly (these are fixtures of state, not of the flows under test).
 */
import { randomBytes } from "node:crypto";
import { db } from "../server/db/client";
import type { Prisma } from "../server/db/generated/client";
import { makeApiKey, makeUser } from "./factories";

export type HostOptions = {
  timeZone?: string;
  /** Local working hours as minutes after midnight, every day of the week. */
  hours?: { startMinute: number; endMinute: number };
  eventType?: Partial<{
    lengthInMinutes: number;
    requiresConfirmation: boolean;
    hidden: boolean;
    beforeEventBuffer: number;
    afterEventBuffer: number;
    minimumBookingNotice: number;
    slotInterval: number | null;
    bookingWindowType: "CALENDAR_DAYS" | "BUSINESS_DAYS" | "RANGE" | null;
    bookingWindowDays: number | null;
    bookingWindowRolling: boolean;
    bookingLimitsCount: Record<string, number>;
    bookingLimitsDuration: Record<string, number>;
    onlyShowFirstAvailableSlot: boolean;
    disableGuests: boolean;
    disableCancelling: boolean;
    disableRescheduling: boolean;
    minimumCancellationNotice: number;
    minimumRescheduleNotice: number;
    customName: string | null;
    successRedirectUrl: string | null;
    confirmationNoticeUnit: string | null;
    confirmationNoticeCount: number | null;
    /** As ZLocation writes them, e.g. [{ type: "address", address: "1 Main St", public: true }]. */
    locations: Prisma.InputJsonArray;
    bookingFields: Prisma.InputJsonArray;
    /** Seats (server/event-types/seats.ts): null or absent, not seated. */
    seatsPerTimeSlot: number | null;
    seatsShowAttendees: boolean;
    seatsShowAvailabilityCount: boolean;
    /** The peer's recurrence (server/event-types/recurrence.ts), e.g. { frequency: "weekly", interval: 1, occurrences: 6 }. */
    recurrence: Prisma.InputJsonValue;
  }>;
};

export async function makeHostWithEventType(options: HostOptions = {}) {
  const host = await makeUser();
  const { startMinute, endMinute } = options.hours ?? { startMinute: 9 * 60, endMinute: 17 * 60 };
  const schedule = await db.schedule.create({
    data: {
      userId: host.id,
      name: "Working hours",
      timeZone: options.timeZone ?? "UTC",
      entries: { create: [{ days: [0, 1, 2, 3, 4, 5, 6], startMinute, endMinute }] },
    },
  });
  await db.user.update({ where: { id: host.id }, data: { defaultScheduleId: schedule.id } });
  const eventType = await db.eventType.create({
    data: {
      userId: host.id,
      title: "Intro call",
      slug: `intro-${randomBytes(4).toString("hex")}`,
      lengthInMinutes: 30,
      minimumBookingNotice: 0,
      ...options.eventType,
    },
  });
  return { host, schedule, eventType, apiKey: await makeApiKey(host.id) };
}

/** The UTC instant `days` days from today at `hour`:`minute`. */
export function utcAt(days: number, hour: number, minute = 0): Date {
  const date = new Date();
  date.setUTCHours(hour, minute, 0, 0);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}

export const attendee = (name = "Grace Hopper") => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, ".")}-${randomBytes(3).toString("hex")}@example.test`,
  timeZone: "Europe/Paris",
  language: "en" as const,
});
