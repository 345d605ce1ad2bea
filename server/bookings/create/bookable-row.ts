/**
 * The bookable row: what a booking reads of its event type (the slot row and the booking's own columns), described
 * once here as
 * - EVENT_TYPE_FOR_BOOKING, Prisma's select (loadBookableEventType, inside transactions: reschedules, edits);
 * - SELECT_BOOKABLE_ROW, the same row in one SQL statement through sql(), as the slot listings read theirs
 *   (slots/slot-row-query.ts), for POST /v2/bookings on the global client: Prisma's relationJoins query cost more CPU
 *   than the rest of the booking's checks (sql() is refused in transactions);
 * - BookableEventType, the type both give.
 * The compiler holds the type to the select's columns (SameColumns below); bookable-row.test.ts holds the SQL to the
 * select's row, value for value, on a real database. A column is added in all three, here.
 */
import { sql, type Tx } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import type { Statement } from "../../db/statement-batch";
import { AppError } from "../../errors";
import { CONFIRMATION_SELECT } from "../../event-types/confirmation-policy";
import type { SlotEventTypeRow } from "../../slots/slots.service";
import { SLOT_ROW_SELECT } from "../../slots/slot-event-type";
import { selectSlotRow, toScheduleRow, toSlotRow, type RowJson, type ScheduleJson } from "../../slots/slot-row-query";
import { subscribedWebhookSql } from "../../webhooks/webhook-subscriptions";
import { workflowAppliesSql } from "../../workflows/workflow-applicability";

/**
 * What a booking reads of its event type: the slot check's row (SLOT_ROW_SELECT, so the check before the lock needs no
 * query of its own) plus what the booking itself is made of. Host and owner names come in the same query (relationJoins):
 * which host it is is decided under the lock.
 */
export const EVENT_TYPE_FOR_BOOKING = {
  ...SLOT_ROW_SELECT,
  title: true,
  slug: true,
  description: true,
  ...CONFIRMATION_SELECT,
  customName: true,
  disableGuests: true,
  locations: true,
  bookingFields: true,
  recurrence: true,
  seatsShowAttendees: true,
  owner: { select: { ...SLOT_ROW_SELECT.owner.select, name: true, email: true, timeZone: true, destinationCalendar: { select: { id: true } } } },
  hosts: {
    select: {
      ...SLOT_ROW_SELECT.hosts.select,
      isFixed: true,
      priority: true,
      user: {
        select: {
          ...SLOT_ROW_SELECT.hosts.select.user.select,
          name: true,
          email: true,
          username: true,
          timeZone: true,
          destinationCalendar: { select: { id: true } },
        },
      },
    },
    orderBy: { userId: "asc" },
  },
} as const;

type HostUserColumns = { name: string; email: string; timeZone: string; destinationCalendar: { id: number } | null };

type BookingColumns = {
  title: string;
  slug: string;
  description: string | null;
  requiresConfirmation: boolean;
  confirmationNoticeUnit: string | null;
  confirmationNoticeCount: number | null;
  customName: string | null;
  disableGuests: boolean;
  locations: unknown;
  bookingFields: unknown;
  /** The peer's recurrence (event-types/recurrence.ts): bookings of it are series (under-lock.ts: bookSeries). */
  recurrence: unknown;
  /** With seatsPerTimeSlot (the slot row's): whether a seat's attendee sees the others (seats.ts). */
  seatsShowAttendees: boolean;
  /**
   * Whether an active webhook may take a booking of it (webhooks/webhook-subscriptions.ts: its own or its managed
   * parent's, or an account webhook of its owner or a host).
   * Only POST /v2/bookings reads it (SELECT_BOOKABLE_ROW below); loadBookableEventType says true without looking.
   */
  mayHaveWebhooks: boolean;
  /**
   * Whether a workflow applies to its bookings (workflows/workflow-applicability.ts), so the `workflows` subscriber has
   * something to do. As mayHaveWebhooks: only POST /v2/bookings reads it; loadBookableEventType says true.
   */
  mayHaveWorkflows: boolean;
  /**
   * destinationCalendar: where the bookings of its user are written (calendars/booking-sync.ts), if anywhere. Name, e-mail,
   * username and time zone: the booking's output names its hosts with them (hostUsersOf).
   */
  owner: (NonNullable<SlotEventTypeRow["owner"]> & HostUserColumns) | null;
  /** isFixed: the peer's `mandatory`; priority: 0 (lowest) … 4 (highest), the peer's `lowest` … `highest`. */
  hosts: (SlotEventTypeRow["hosts"][number] & { isFixed: boolean; priority: number; user: HostUserColumns & { username: string } })[];
};

export type BookableEventType = Omit<SlotEventTypeRow, "owner" | "hosts"> & BookingColumns;

/** Compile-time: the type and Prisma's select name the same columns (mayHaveWebhooks and mayHaveWorkflows are the SQL's alone). */
type SelectedRow = Prisma.EventTypeGetPayload<{ select: typeof EVENT_TYPE_FOR_BOOKING }>;
type SameColumns = [
  Exclude<keyof SelectedRow, keyof BookableEventType>,
  Exclude<keyof BookableEventType, keyof SelectedRow | "mayHaveWebhooks" | "mayHaveWorkflows">,
];
const _sameColumns: SameColumns extends [never, never] ? true : false = true;

export const eventTypeNotFoundError = () => new AppError("NOT_FOUND", "Event type not found");

/** Inside a transaction (reschedules, edits); outside one, POST /v2/bookings reads the same row with queryBookableRow. */
export async function loadBookableEventType(tx: Tx, eventTypeId: number): Promise<BookableEventType> {
  const eventType = await tx.eventType.findUnique({ where: { id: eventTypeId }, select: EVENT_TYPE_FOR_BOOKING });
  if (!eventType) throw eventTypeNotFoundError();
  return { ...eventType, mayHaveWebhooks: true, mayHaveWorkflows: true };
}

const destinationOf = (user: string) => `(SELECT json_build_object('id', d.id) FROM "DestinationCalendar" d WHERE d."userId" = ${user})`;

const SELECT_BOOKABLE_ROW = `${selectSlotRow({
  columns: `, et.title, et.slug, et.description, et."requiresConfirmation", et."confirmationNoticeUnit", et."confirmationNoticeCount",
         et."customName", et."disableGuests", et.locations, et."bookingFields", et.recurrence, et."seatsShowAttendees",
         EXISTS (SELECT 1 FROM "Webhook" w
                  WHERE ${subscribedWebhookSql("w", "et.id", `ARRAY(SELECT et."userId" UNION ALL SELECT h."userId" FROM "EventTypeHost" h WHERE h."eventTypeId" = et.id)`)}) AS "mayHaveWebhooks",
         EXISTS (SELECT 1 FROM "Workflow" w WHERE ${workflowAppliesSql("w", "et")}) AS "mayHaveWorkflows"`,
  owner: `, 'name', o.name, 'email', o.email, 'timeZone', o."timeZone", 'destinationCalendar', ${destinationOf("o.id")}`,
  host: `, 'priority', h.priority, 'name', u.name, 'email', u.email, 'username', u.username, 'timeZone', u."timeZone", 'destinationCalendar', ${destinationOf("u.id")}`,
})}
   WHERE et.id = $1`;

type UserJson = { name: string; email: string; timeZone: string; destinationCalendar: { id: number } | null };
type BookableRowJson = Omit<RowJson, "owner" | "hosts"> &
  Pick<BookableEventType, "title" | "slug" | "description" | "requiresConfirmation" | "confirmationNoticeUnit" | "confirmationNoticeCount"> &
  Pick<
    BookableEventType,
    "customName" | "disableGuests" | "locations" | "bookingFields" | "recurrence" | "mayHaveWebhooks" | "mayHaveWorkflows" | "seatsShowAttendees"
  > & {
    owner: (UserJson & { username: string; defaultSchedule: ScheduleJson | null }) | null;
    hosts: (UserJson & { userId: number; username: string; isFixed: boolean; priority: number; defaultSchedule: ScheduleJson | null })[];
  };

/** The row's text as the database builds it, hashed: equal hashes, equal rows (sharing.ts: kept rows). */
const rowHashOf = (alias: string) => `md5(row_to_json(${alias})::text)`;
const SELECT_BOOKABLE_ROW_AND_HASH = `SELECT r.*, ${rowHashOf("r")} AS "rowHash" FROM (${SELECT_BOOKABLE_ROW}) r`;
/** SQLSTATE of the row check (convene_require, migration 20261128010000_booking_batch_checks_before_lock). */
export const ROW_CHANGED = "CV413";
const REQUIRE_SAME_ROW = `SELECT convene_require(COALESCE((SELECT ${rowHashOf("r")} FROM (${SELECT_BOOKABLE_ROW}) r) = $2::text, false),
  '${ROW_CHANGED}', 'the event type changed since this instance read it: read it again')`;

/** A statement for a booking's batch that raises CV413 (outcomes.ts: row-changed) unless the event type's row still hashes to `hash`. */
export const requireSameRowStatement = (eventTypeId: number, hash: string): Statement => ({ text: REQUIRE_SAME_ROW, values: [eventTypeId, hash] });

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
