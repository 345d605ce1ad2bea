/**
 * The attendee's manage link: `/booking/{uid}?token=…` lets whoever holds it see, cancel and reschedule one booking
 * without an account.
 *
 * Why a derived token and not a random one kept as a hash: every mail about a booking (booked, confirmed, moved by
 * the host, declined…) must carry the link, and those mails are rendered by a job long after the booking's
 * transaction. A random secret stored only as its hash could be mailed once and never again; keeping it in clear
 * (in the row, the outbox event or the job's data, which pg-boss archives) would defeat the hash. So each booking
 * gets 256 random bits (`manageNonce`, made in process and written by the booking's own insert) and the token is
 * HMAC-SHA256(key, uid ‖ nonce), the key derived from NEXTAUTH_SECRET. The database alone (a dump, a replica) cannot
 * make a link; the mail job makes the same token whenever it renders a mail; the token is checked in constant time
 * by recomputing it. A new booking (a reschedule too) gets a new nonce, so an old booking's link never opens the
 * new one. Rotating NEXTAUTH_SECRET invalidates every link, as it ends every session.
 *
 * The token appears only in the mails' bodies and the visitor's address bar: never in logs (log.ts prints no URLs
 * of pages), never in job data, and the booking page sends no Referer (app/(web)/booking/[uid]/page.tsx).
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { env } from "../env";

/** A readable prefix like every other secret here (server/auth/secrets.ts), so secret scanners can spot a leaked link. */
const TOKEN_PREFIX = "cnv_bm_";

export type ManageLinkSource = { uid: string; manageNonce: string | null };

let cachedKey: { secret: string; key: Buffer } | undefined;

/** A key of its own, derived from the session secret, so a manage token is never also a valid session signature. */
function manageKey(): Buffer {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: manage links cannot be made or checked");
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: Buffer.from(hkdfSync("sha256", secret, "convene", "booking manage link v1", 32)) };
  return cachedKey.key;
}

function digestFor(uid: string, nonce: string): Buffer {
  return createHmac("sha256", manageKey()).update(`${uid}\n${nonce}`).digest();
}

/** The booking's manage token, or null for a booking made before manage links existed. */
export function manageTokenFor(booking: ManageLinkSource): string | null {
  if (!booking.manageNonce) return null;
  return `${TOKEN_PREFIX}${digestFor(booking.uid, booking.manageNonce).toString("base64url")}`;
}

/**
 * Whether `token` is this booking's: recomputed and compared in constant time, as text. Decoding it first would also
 * take the other spellings of the same bytes (the last character's two unused bits), so a token changed in its last
 * character could still open the booking. Any other shape is simply false.
 */
export function isManageTokenOf(booking: ManageLinkSource, token: string | null | undefined): boolean {
  if (!token || !booking.manageNonce) return false;
  const presented = Buffer.from(token);
  const expected = Buffer.from(manageTokenFor(booking)!);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/**
 * A seat's manage token (seated bookings, booking-seats.ts): `cnv_bs_<seatUid>.<HMAC(key, uid ‖ seatUid ‖ nonce)>`. It
 * opens the booking's page for that seat alone and acts on that seat only; the seat's uid rides in the token, so the
 * link stays `/booking/{uid}?token=…` and the page passes it on as it is. A seated booking's own token is never mailed.
 */
const SEAT_TOKEN_PREFIX = "cnv_bs_";

export function seatManageTokenFor(booking: ManageLinkSource, seatUid: string): string | null {
  if (!booking.manageNonce) return null;
  return `${SEAT_TOKEN_PREFIX}${seatUid}.${digestFor(booking.uid, `${seatUid}\n${booking.manageNonce}`).toString("base64url")}`;
}

/** The seat whose token this is, for this booking; null for any other token (compared in constant time, as text). */
export function seatOfManageToken(booking: ManageLinkSource, token: string | null | undefined): string | null {
  if (!token?.startsWith(SEAT_TOKEN_PREFIX) || !booking.manageNonce) return null;
  const seatUid = token.slice(SEAT_TOKEN_PREFIX.length, token.lastIndexOf("."));
  if (!seatUid) return null;
  const presented = Buffer.from(token);
  const expected = Buffer.from(seatManageTokenFor(booking, seatUid)!);
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? seatUid : null;
}

export type ManageLinks = { view: string; cancel: string; reschedule: string };

/** The links a mail carries: the booking's page, and its two actions (the page opens with the form in view). */
export function manageLinksFor(uid: string, token: string): ManageLinks {
  const view = `${env().APP_URL}/booking/${uid}?token=${encodeURIComponent(token)}`;
  return { view, cancel: `${view}&action=cancel`, reschedule: `${env().APP_URL}/booking/${uid}/reschedule?token=${encodeURIComponent(token)}` };
}

/** The booking's page without a token: enough for a signed-in host or attendee (and for a host's mail). */
export const bookingPageUrl = (uid: string): string => `${env().APP_URL}/booking/${uid}`;
