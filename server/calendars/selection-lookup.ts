/**
 * The selected calendars of a user and the events Convene wrote to them, for busy-time lookups. Those
 * run before a booking's transaction, never inside it, so these are ordinary queries on the shared pool;
 * their answers are cached (calendar-cache.ts).
 */
import { sql } from "../db/client";
import type { SelectedCalendarRow } from "./calendar-cache";

const SELECTED_CALENDARS_SQL = `
  SELECT s."externalId", c.id, c."userId", c.type, c."appId", c.secret, c.invalid, u."timeZone"
  FROM "SelectedCalendar" s
  JOIN "Credential" c ON c.id = s."credentialId"
  JOIN "User" u ON u.id = c."userId"
  WHERE s."userId" = $1 AND NOT c.invalid
  ORDER BY s.id`;

type Row = { externalId: string; id: number; userId: number; type: string; appId: string; secret: string; invalid: boolean; timeZone: string };

export async function loadSelectedCalendars(userId: number): Promise<SelectedCalendarRow[]> {
  const rows = await sql<Row>(SELECTED_CALENDARS_SQL, [userId]);
  return rows.map(({ externalId, timeZone, ...credential }) => ({ externalId, credential: { ...credential, user: { timeZone } } }));
}

const OWN_EVENT_IDS_SQL = `SELECT r."externalId" FROM "BookingReference" r WHERE r."credentialId" = $1`;

/**
 * The ids of the events Convene wrote through this credential (BookingReference rows): its bookings'
 * own copies, which must not count as busy. The bookings themselves already block their time while
 * live; their copies would also block the booking's own reschedule, and linger after a cancellation.
 */
export async function loadOwnEventIds(credentialId: number): Promise<Set<string>> {
  const rows = await sql<{ externalId: string }>(OWN_EVENT_IDS_SQL, [credentialId]);
  return new Set(rows.map((row) => row.externalId));
}
