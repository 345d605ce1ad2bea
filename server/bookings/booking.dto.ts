/** The v2 booking shape (spec's Booking table; the peer's BookingOutput_2024_08_13 for the rest). */
import { env } from "../env";
import { locationString } from "./booking-location";
import { optionalField } from "../http/optional-field";
import { bookingFieldsResponsesOutput } from "./booking-field-responses";

export const BOOKING_SELECT = {
  id: true,
  uid: true,
  title: true,
  description: true,
  status: true,
  start: true,
  end: true,
  location: true,
  metadata: true,
  cancellationReason: true,
  cancelledByEmail: true,
  rescheduledByEmail: true,
  rejectionReason: true,
  reschedulingReason: true,
  rescheduledFromUid: true,
  rescheduledToUid: true,
  absentHost: true,
  bookingFieldsResponses: true,
  recurringBookingUid: true,
  createdAt: true,
  updatedAt: true,
  eventTypeId: true,
  eventType: { select: { id: true, slug: true } },
  hosts: { select: { user: { select: { id: true, name: true, email: true, username: true, timeZone: true } } }, orderBy: { userId: "asc" } },
  attendees: {
    select: { id: true, name: true, email: true, timeZone: true, language: true, absent: true, isGuest: true, phoneNumber: true },
    orderBy: { id: "asc" },
  },
} as const;

export type BookingRow = {
  id: number;
  uid: string;
  title: string;
  description: string | null;
  status: "ACCEPTED" | "PENDING" | "CANCELLED" | "REJECTED";
  start: Date;
  end: Date;
  location: unknown;
  metadata: unknown;
  cancellationReason: string | null;
  cancelledByEmail: string | null;
  rescheduledByEmail: string | null;
  rejectionReason: string | null;
  reschedulingReason: string | null;
  rescheduledFromUid: string | null;
  rescheduledToUid: string | null;
  absentHost: boolean;
  bookingFieldsResponses: unknown;
  recurringBookingUid: string | null;
  createdAt: Date;
  updatedAt: Date;
  eventTypeId: number | null;
  eventType: { id: number; slug: string } | null;
  hosts: { user: { id: number; name: string; email: string; username: string; timeZone: string } }[];
  attendees: { id: number; name: string; email: string; timeZone: string; language: string; absent: boolean; isGuest: boolean; phoneNumber: string | null }[];
};

export type TAttendeeOutput = ReturnType<typeof toAttendeeOutput>;

export function toAttendeeOutput(attendee: BookingRow["attendees"][number]) {
  return {
    id: attendee.id,
    name: attendee.name,
    email: attendee.email,
    displayEmail: attendee.email,
    timeZone: attendee.timeZone,
    language: attendee.language,
    absent: attendee.absent,
    ...optionalField("phoneNumber", attendee.phoneNumber),
  };
}

function meetingUrlOf(location: unknown): string | null {
  const link = (location as { link?: unknown } | null)?.link;
  return typeof link === "string" ? link : null;
}

export function toBookingOutput(row: BookingRow) {
  return {
    id: row.id,
    uid: row.uid,
    title: row.title,
    description: row.description ?? "",
    hosts: row.hosts.map(({ user }) => user),
    status: row.status.toLowerCase() as "accepted" | "pending" | "cancelled" | "rejected",
    // These are left out when absent, as the peer does: its schema has strings here, not null.
    ...optionalField("cancellationReason", row.cancellationReason ?? row.rejectionReason),
    ...optionalField("cancelledByEmail", row.cancelledByEmail),
    ...optionalField("reschedulingReason", row.reschedulingReason),
    ...optionalField("rescheduledByEmail", row.rescheduledByEmail),
    ...optionalField("rescheduledFromUid", row.rescheduledFromUid),
    ...optionalField("rescheduledToUid", row.rescheduledToUid),
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    duration: Math.round((row.end.getTime() - row.start.getTime()) / 60_000),
    eventTypeId: row.eventTypeId,
    eventType: row.eventType,
    ...optionalField("meetingUrl", meetingUrlOf(row.location)),
    location: locationString(row.location),
    absentHost: row.absentHost,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    metadata: row.metadata ?? {},
    icsUid: `${row.uid}@${new URL(env().APP_URL).hostname}`,
    attendees: row.attendees.map(toAttendeeOutput),
    guests: row.attendees.filter((attendee) => attendee.isGuest).map((attendee) => attendee.email),
    bookingFieldsResponses: bookingFieldsResponsesOutput(row.bookingFieldsResponses, row.attendees),
    // The peer's RecurringBookingOutput_2024_08_13: an occurrence of a series names it; a single booking leaves it out.
    ...optionalField("recurringBookingUid", row.recurringBookingUid),
  };
}
export type TBookingOutput = ReturnType<typeof toBookingOutput>;
