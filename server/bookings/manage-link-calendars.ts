/**
 * "Add to calendar" links built from the booking itself, shared by GET /v2/bookings/{uid}/calendar-links, the
 * booking's page and its mails. Apple Calendar takes the .ics, which serves the same invitation the mails carry.
 */
import { env } from "../env";
import type { TBookingOutput } from "./booking.dto";

type CalendarSource = Pick<TBookingOutput, "uid" | "title" | "description" | "start" | "end" | "location"> & { meetingUrl?: string };

const calendarDate = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

export const icsUrlOf = (uid: string) => `${env().APP_URL}/api/bookings/${uid}/ics`;

export function addToCalendarLinks(booking: CalendarSource) {
  const where = booking.meetingUrl ?? booking.location ?? "";
  const google = new URL("https://calendar.google.com/calendar/render");
  google.search = new URLSearchParams({
    action: "TEMPLATE",
    text: booking.title,
    dates: `${calendarDate(booking.start)}/${calendarDate(booking.end)}`,
    details: booking.description,
    ...(where ? { location: where } : {}),
  }).toString();
  const outlook = (host: string) => {
    const url = new URL(`https://${host}/calendar/0/deeplink/compose`);
    url.search = new URLSearchParams({
      path: "/calendar/action/compose",
      rru: "addevent",
      subject: booking.title,
      startdt: booking.start,
      enddt: booking.end,
      body: booking.description,
      ...(where ? { location: where } : {}),
    }).toString();
    return url.toString();
  };
  return [
    { label: "Google Calendar", link: google.toString() },
    { label: "Microsoft Outlook", link: outlook("outlook.live.com") },
    { label: "Microsoft Office 365", link: outlook("outlook.office.com") },
    { label: "ICS", link: icsUrlOf(booking.uid) },
  ];
}
