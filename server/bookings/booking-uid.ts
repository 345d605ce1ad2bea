/**
 * Booking uids: 22 characters of [0-9A-Za-z], as the peer's are, so a client (or an agent reading a mail or a chat
 * back) that takes a uid to be `[A-Za-z0-9]+` gets all of it. 22 base62 characters drawn without bias from the CSPRNG
 * carry 22 × log2(62) ≈ 131 bits, more than a UUID's 122. Bookings made before keep their dashed UUIDs, which every
 * path still takes (a uid is looked up as the string it is).
 */
import { randomInt } from "node:crypto";
import { declareWriteIntent } from "../db/write-intent";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const BOOKING_UID_LENGTH = 22;

export function newBookingUid(): string {
  let uid = "";
  // randomInt rejects out-of-range draws itself, so each character is uniform over the 62.
  for (let index = 0; index < BOOKING_UID_LENGTH; index++) uid += BASE62[randomInt(BASE62.length)];
  // A uid is drawn for the booking about to be written: if its commit goes unanswered, the client is told to look it up.
  declareWriteIntent({ bookingUid: uid });
  return uid;
}
