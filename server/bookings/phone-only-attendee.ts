/**
 * A booker may give a phone number instead of an e-mail (as the peer allows). Attendees always have an e-mail in
 * the peer's output (BookingAttendee.email is required), and Convene finds attendees by e-mail (mark absent, the
 * attendeeEmail filter, the per-attendee booking limit), so a phone-only attendee is stored with an address made
 * from the number, shaped like the peer's (`<digits>@sms.<domain>`). Its domain is under `.invalid`, reserved by
 * RFC 2606 never to resolve: no mail can reach anyone there, and every mail path skips it (hasMailbox).
 */
export const PHONE_ONLY_EMAIL_DOMAIN = "sms.invalid";

export const phoneOnlyEmail = (phoneNumber: string) => `${phoneNumber.replace(/\D/g, "")}@${PHONE_ONLY_EMAIL_DOMAIN}`;

/** False for a phone-only attendee's stand-in address: nothing is mailed there. */
export const hasMailbox = (email: string) => !email.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);

/** The address an attendee is stored and counted under: the one given, else the phone number's stand-in. */
export function attendeeEmailOf(attendee: { email?: string; phoneNumber?: string }): string {
  if (attendee.email) return attendee.email;
  if (attendee.phoneNumber) return phoneOnlyEmail(attendee.phoneNumber);
  throw new Error("An attendee has an e-mail or a phone number (ZCreateBookingInput checks it)");
}
