/**
 * The selected calendars of a user, for slot checks. Those run inside booking transactions, and when
 * many bookings for one host queue on its lock they hold every connection of the shared pool: a lookup
 * there would wait for a connection that only frees up after it. So this one query has a tiny pool of
 * its own (idle connections close after a few seconds), and its answers are cached (calendar-cache.ts).
 */
import pg from "pg";
import type { SelectedCalendarRow } from "./calendar-cache";

const SELECTED_CALENDARS_SQL = `
  SELECT s."externalId", c.id, c."userId", c.type, c."appId", c.secret, c.invalid, u."timeZone"
  FROM "SelectedCalendar" s
  JOIN "Credential" c ON c.id = s."credentialId"
  JOIN "User" u ON u.id = c."userId"
  WHERE s."userId" = $1 AND NOT c.invalid
  ORDER BY s.id`;

type Row = { externalId: string; id: number; userId: number; type: string; appId: string; secret: string; invalid: boolean; timeZone: string };

const holder = globalThis as unknown as { conveneCalendarLookupPool?: pg.Pool };

function lookupPool(): pg.Pool {
  if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL is not set");
  holder.conveneCalendarLookupPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2, idleTimeoutMillis: 5_000, allowExitOnIdle: true });
  return holder.conveneCalendarLookupPool;
}

export async function loadSelectedCalendars(userId: number): Promise<SelectedCalendarRow[]> {
  const { rows } = await lookupPool().query<Row>({ name: "convene_calendar_selection", text: SELECTED_CALENDARS_SQL, values: [userId] });
  return rows.map(({ externalId, timeZone, ...credential }) => ({ externalId, credential: { ...credential, user: { timeZone } } }));
}

const OWN_EVENT_IDS_SQL = `SELECT r."externalId" FROM "BookingReference" r WHERE r."credentialId" = $1`;

/**
 * The ids of the events Convene wrote through this credential (BookingReference rows): its bookings'
 * own copies, which must not count as busy. The bookings themselves already block their time while
 * live; their copies would also block the booking's own reschedule, and linger after a cancellation.
 * Same small pool as above, for the same reason.
 */
export async function loadOwnEventIds(credentialId: number): Promise<Set<string>> {
  const { rows } = await lookupPool().query<{ externalId: string }>({ name: "convene_calendar_own_events", text: OWN_EVENT_IDS_SQL, values: [credentialId] });
  return new Set(rows.map((row) => row.externalId));
}
