/**
 * The name of one calendar write, derived from what it is for, so that a create the job queue runs again (its worker
 * died after the provider accepted the event, before the BookingReference was stored) asks for the same event
 * instead of a second one: Google takes it as the event id, Microsoft Graph as the transactionId. CalDAV needs none,
 * its resource is named after the uid already.
 * `uid` is the booking row's icsUid (a rescheduled booking is a new row, so its new events get new names);
 * `calendarId` the destination calendar written to.
 */
import { createHash } from "node:crypto";

const BASE32HEX = "0123456789abcdefghijklmnopqrstuv";

/** Lowercase base32hex (RFC 4648 §7) without padding: the alphabet Google allows in a client-chosen event id. */
export function toBase32Hex(bytes: Uint8Array): string {
  let text = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      text += BASE32HEX[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return bits > 0 ? text + BASE32HEX[(buffer << (5 - bits)) & 31] : text;
}

/** 52 characters of base32hex (a SHA-256): within Google's 5 to 1024, and no two writes share one by chance. */
export const eventWriteKey = (uid: string, calendarId: string): string => toBase32Hex(createHash("sha256").update(`${calendarId}\n${uid}`).digest());
