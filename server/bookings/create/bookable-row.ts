/**
 * The event type a booking reads (BookableEventType: the slot row and the booking's own columns) in one SQL statement
 * through sql(), as the slot listings read theirs (slots/slot-row-query.ts), for POST /v2/bookings on the global client.
 * Prisma's relationJoins query for the same row (loadBookableEventType) cost more CPU than the rest of the booking's
 * checks; transactions keep using it (sql() is refused there). A test holds both to the same row.
 */
import { sql } from "../db/client";
import { hasSqlState, type Statement } from "../db/statement-batch";
import { selectSlotRow, toScheduleRow, toSlotRow, type RowJson, type ScheduleJson } from "../slots/slot-row-query";
import { subscribedWebhookSql } from "../webhooks/webhook-subscriptions";
import type { BookableEventType } from "./booking-rules";

const destinationOf = (user: string) => `(SELECT json_build_object('id', d.id) FROM "DestinationCalendar" d WHERE d."userId" = ${user})`;

const SELECT_BOOKABLE_ROW = `${selectSlotRow({
  columns: `, et.title, et.slug, et.description, et."requiresConfirmation", et."confirmationNoticeUnit", et."confirmationNoticeCount",
         et."customName", et."disableGuests", et.locations, et."bookingFields",
         EXISTS (SELECT 1 FROM "Webhook" w
                  WHERE ${subscribedWebhookSql("w", "et.id", `ARRAY(SELECT et."userId" UNION ALL SELECT h."userId" FROM "EventTypeHost" h WHERE h."eventTypeId" = et.id)`)}) AS "mayHaveWebhooks"`,
  owner: `, 'name', o.name, 'email', o.email, 'timeZone', o."timeZone", 'destinationCalendar', ${destinationOf("o.id")}`,
  host: `, 'priority', h.priority, 'name', u.name, 'email', u.email, 'username', u.username, 'timeZone', u."timeZone", 'destinationCalendar', ${destinationOf("u.id")}`,
})}
   WHERE et.id = $1`;

type UserJson = { name: string; email: string; timeZone: string; destinationCalendar: { id: number } | null };
type BookableRowJson = Omit<RowJson, "owner" | "hosts"> &
  Pick<BookableEventType, "title" | "slug" | "description" | "requiresConfirmation" | "confirmationNoticeUnit" | "confirmationNoticeCount"> &
  Pick<BookableEventType, "customName" | "disableGuests" | "locations" | "bookingFields" | "mayHaveWebhooks"> & {
    owner: (UserJson & { username: string; defaultSchedule: ScheduleJson | null }) | null;
    hosts: (UserJson & { userId: number; username: string; isFixed: boolean; priority: number; defaultSchedule: ScheduleJson | null })[];
  };

/** The row's text as the database builds it, hashed: equal hashes, equal rows (kept-bookable-rows.ts). */
const rowHashOf = (alias: string) => `md5(row_to_json(${alias})::text)`;
const SELECT_BOOKABLE_ROW_AND_HASH = `SELECT r.*, ${rowHashOf("r")} AS "rowHash" FROM (${SELECT_BOOKABLE_ROW}) r`;
/** SQLSTATE of the row check (convene_require, migration 20261128010000_booking_batch_checks_before_lock). */
const ROW_CHANGED = "CV413";
const REQUIRE_SAME_ROW = `SELECT convene_require(COALESCE((SELECT ${rowHashOf("r")} FROM (${SELECT_BOOKABLE_ROW}) r) = $2::text, false),
  '${ROW_CHANGED}', 'the event type changed since this instance read it: read it again')`;

/** A statement for a booking's batch that raises CV413 (isRowChanged) unless the event type's row still hashes to `hash`. */
export const requireSameRowStatement = (eventTypeId: number, hash: string): Statement => ({ text: REQUIRE_SAME_ROW, values: [eventTypeId, hash] });

export const isRowChanged = (error: unknown) => hasSqlState(error, ROW_CHANGED);

export async function queryBookableRow(eventTypeId: number): Promise<BookableEventType | null> {
  return (await queryBookableRowAndHash(eventTypeId))?.row ?? null;
}

/** The row with its hash (requireSameRowStatement checks a copy against it). */
export async function queryBookableRowAndHash(eventTypeId: number): Promise<{ row: BookableEventType; hash: string } | null> {
  const [found] = await sql<BookableRowJson & { rowHash: string }>(SELECT_BOOKABLE_ROW_AND_HASH, [eventTypeId]);
  return found ? { row: toBookableRow(found), hash: found.rowHash } : null;
}

function toBookableRow({ rowHash: _, ...row }: BookableRowJson & { rowHash: string }): BookableEventType {
  const { owner, hosts } = row;
  return {
    ...toSlotRow({ ...row, owner: null, hosts: [] }),
    owner: owner && {
      username: owner.username,
      defaultSchedule: toScheduleRow(owner.defaultSchedule),
      name: owner.name,
      email: owner.email,
      timeZone: owner.timeZone,
      destinationCalendar: owner.destinationCalendar,
    },
    hosts: hosts.map((host) => ({
      userId: host.userId,
      isFixed: host.isFixed,
      priority: host.priority,
      user: {
        defaultSchedule: toScheduleRow(host.defaultSchedule),
        name: host.name,
        email: host.email,
        username: host.username,
        timeZone: host.timeZone,
        destinationCalendar: host.destinationCalendar,
      },
    })),
  };
}
