/**
 * What every calendar provider (ICS feed, CalDAV, Google, Microsoft) implements. Adapters speak the
 * provider's protocol and nothing else: no database, no caching, no user input checks; those live in
 * the services. Failures are CalendarError, whose `kind` decides what the caller does.
 */
import type { z } from "zod";
import type { CalendarType } from "./calendar-apps";

export type Interval = { start: Date; end: Date };
/**
 * A busy interval, with the id of the event behind it when the provider tells it: the same id
 * createEvent returns (CalDAV: the UID), so the copies of Convene's own bookings can be recognised.
 */
export type BusyBlock = Interval & { eventId?: string };

export type CalendarSummary = {
  externalId: string;
  name: string;
  primary: boolean;
  readOnly: boolean;
  email: string | null;
};

/**
 * A booking as written to a calendar. `uid`: on create, the booking's icsUid, which names the write (a repeated create
 * of the same uid in the same calendar finds the first event); on update, the event's own id as createEvent returned it.
 */
export type CalendarEventInput = {
  uid: string;
  title: string;
  description: string;
  location: string | null;
  start: Date;
  end: Date;
  organizer: { name: string; email: string };
  /** A video conference the provider makes with the event (server/conferencing): Google Meet or Teams. */
  conference?: "google-meet" | "office365-video";
};

/** A decrypted credential. `saveSecret` persists a changed secret (refreshed OAuth tokens), encrypted. */
export type ConnectedCredential<S> = {
  id: number;
  userId: number;
  type: CalendarType;
  secret: S;
  /** The owner's time zone: floating times and all-day events in calendar data are read in it. */
  ownerTimeZone: string;
  saveSecret(next: S): Promise<void>;
};

export interface CalendarAdapter<S = unknown> {
  readonly secretSchema: z.ZodType<S>;
  listCalendars(credential: ConnectedCredential<S>): Promise<CalendarSummary[]>;
  busyTimes(credential: ConnectedCredential<S>, externalId: string, range: Interval): Promise<BusyBlock[]>;
  /**
   * Returns the provider's id of the new event. Idempotent: the job queue runs a create again when its worker died
   * before storing that id, and the same `uid` in the same calendar then yields the first event, not a second one.
   * Absent for read-only providers (ICS feeds).
   */
  createEvent?(credential: ConnectedCredential<S>, calendarId: string, event: CalendarEventInput): Promise<string>;
  updateEvent?(credential: ConnectedCredential<S>, calendarId: string, eventId: string, event: CalendarEventInput): Promise<void>;
  /** Succeeds when the event is already gone. */
  deleteEvent?(credential: ConnectedCredential<S>, calendarId: string, eventId: string): Promise<void>;
}

/**
 * - `auth`: the provider refused the credential (wrong password, revoked grant): it is marked invalid.
 * - `unreachable`: network, timeout, refused address, 5xx.
 * - `protocol`: the provider answered something we cannot use (not a calendar, a redirect, a 4xx).
 */
export class CalendarError extends Error {
  constructor(
    readonly kind: "auth" | "unreachable" | "protocol",
    message: string,
  ) {
    super(message);
    this.name = "CalendarError";
  }
}
