/**
 * A booking's stored location as far as meetings go, and the confirmation mail's wait for a link still being made.
 */
import type { TBookingOutput } from "../bookings/booking.dto";
import { locationString } from "../bookings/booking-location";
import { db } from "../db/client";
import { appOfIntegration, type ConferencingApp } from "./conferencing-apps";

export type StoredLocation = { type?: string; integration?: string; link?: string };

/** How long a booking mail waits for its meeting's link before it goes without (the link then follows in a mail). */
export const MEETING_MAIL_WAIT_MS = 10_000;
const POLL_MS = 250;

/** The video app a stored location asks for; "default": the organizer's default app (the peer's organizersDefaultApp). */
export function meetingAppOfLocation(location: unknown): ConferencingApp | "default" | null {
  const stored = location as StoredLocation | null;
  if (stored?.type === "organizersDefaultApp") return "default";
  if (stored?.type !== "integration") return null;
  return appOfIntegration(stored.integration);
}

const awaitsLink = (location: unknown) => meetingAppOfLocation(location) !== null && !(location as StoredLocation).link;

/**
 * The booking as a mail should show it: when its location is a video app whose meeting is still being made, the mail
 * waits for the link up to MEETING_MAIL_WAIT_MS after the event, polling the booking (no transaction is held).
 */
export async function withMeetingLink(booking: TBookingOutput, occurredAt: Date): Promise<TBookingOutput> {
  if (booking.status !== "accepted" || booking.meetingUrl) return booking;
  const row = await awaitMeetingLocation(booking.id, occurredAt);
  const link = (row?.location as StoredLocation | null)?.link;
  return link ? { ...booking, location: locationString(row!.location), meetingUrl: link } : booking;
}

/**
 * The booking's stored location once its meeting's link is there, or as it is when nothing is awaited (no video app,
 * not accepted) or MEETING_MAIL_WAIT_MS after `occurredAt` passed; null for a booking that is gone. Polls, holding no
 * transaction. Mails and webhooks that announce a booking both wait here, so they carry the same link.
 */
export async function awaitMeetingLocation(bookingId: number, occurredAt: Date): Promise<{ location: unknown } | null> {
  const deadline = new Date(occurredAt).getTime() + MEETING_MAIL_WAIT_MS;
  for (;;) {
    const row = await db.booking.findUnique({ where: { id: bookingId }, select: { location: true, status: true } });
    if (!row || !awaitsLink(row.location) || row.status !== "ACCEPTED" || Date.now() >= deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
