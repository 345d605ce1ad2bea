/**
 * The event type a booking reads (BookableEventType: the slot row and the booking's own columns) in one SQL statement
 * through sql(), as the slot listings read theirs (slots/slot-row-query.ts), for POST /v2/bookings on the global client.
 * Prisma's relationJoins query for the same row (loadBookableEventType) cost more CPU than the rest of the booking's
 * checks; transactions keep using it (sql() is refused there). A test holds both to the same row.
 */
import { sql } from "../db/client";
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

export async function queryBookableRow(eventTypeId: number): Promise<BookableEventType | null> {
  const [row] = await sql<BookableRowJson>(SELECT_BOOKABLE_ROW, [eventTypeId]);
  if (!row) return null;
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
