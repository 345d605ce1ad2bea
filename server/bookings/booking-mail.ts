/** Mails to hosts and attendees when a booking is created, cancelled or rescheduled, each with an .ics. */
import { env } from "../env";
import { sendMails } from "../mail/mailer";
import type { TBookingOutput } from "./booking.dto";
import { icsForBooking } from "./booking-ics";

type Change = "created" | "cancelled" | "rescheduled";

const SUBJECTS: Record<Change, (title: string) => string> = {
  created: (title) => `Booked: ${title}`,
  cancelled: (title) => `Cancelled: ${title}`,
  rescheduled: (title) => `Rescheduled: ${title}`,
};

/** `booking` is the booking as it now stands (for a reschedule: the new one). */
export async function sendBookingMails(change: Change, booking: TBookingOutput): Promise<void> {
  const method = change === "cancelled" ? "CANCEL" : "REQUEST";
  const ics = icsForBooking(booking, method);
  const reason = change === "cancelled" ? booking.cancellationReason : change === "rescheduled" ? booking.reschedulingReason : null;
  const text = [booking.title, `${booking.start} – ${booking.end} (UTC)`, reason ? `Reason: ${reason}` : null, `Add to calendar: ${env().APP_URL}/api/bookings/${booking.uid}/ics`]
    .filter(Boolean)
    .join("\n\n");
  const recipients = new Set([...booking.hosts.map(({ email }) => email), ...booking.attendees.map(({ email }) => email)]);
  await sendMails(
    [...recipients].map((to) => ({
      to,
      subject: SUBJECTS[change](booking.title),
      text: `${text}\n`,
      attachments: [{ filename: "invite.ics", content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` }],
    })),
  );
}
