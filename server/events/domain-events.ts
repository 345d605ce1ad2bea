/**
 * Domain events: what happened to a booking or an out-of-office entry, written by the use case in its own
 * transaction, with one job per interested subscriber in the same transaction (server/jobs/queue.ts). A committed
 * change is delivered to every subscriber after any crash (at least once: handlers must tolerate a repeat); a
 * rolled-back one leaves no trace. Subscribers retry independently: a webhook that fails does not resend a mail.
 *
 * Each event's payload has a name (its type), a version and a zod schema (event-catalog.ts): it is validated when
 * written and when read, and a subscriber always gets the current version (older rows upgraded, event-definitions.ts).
 *
 * Adding a subscriber: a row in SUBSCRIBERS, its queue `event.<name>` in a migration
 * (`SELECT pgboss.create_queue('event.<name>', '{"policy":"standard"}');`), and a module calling
 * `subscribeToDomainEvents(name, handler)` imported by server/events/subscribers.ts.
 * Adding an event: its name in DOMAIN_EVENT_TYPES and its definition in event-catalog.ts (the compiler asks for it).
 */
import { randomUUID } from "node:crypto";
import { sql, UTC_NOW, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { checkQueuesExist, defineJob, insertWithJobs, type JobOptions } from "../jobs/queue";
import { DOMAIN_EVENTS } from "./event-catalog";
import { payloadToRead, payloadToWrite } from "./event-definitions";

/**
 * The peer's webhook trigger names for what Convene emits, and internal ones no webhook is named after:
 * - BOOKING_CONFIRMED: a pending booking confirmed by its host. The peer has no such trigger; it sends BOOKING_CREATED then.
 * - BOOKING_REASSIGNED: a round-robin booking moved to another host.
 * - BOOKING_LOCATION_UPDATED: the host changed the location.
 */
export const DOMAIN_EVENT_TYPES = [
  "BOOKING_CREATED",
  "BOOKING_REQUESTED",
  "BOOKING_RESCHEDULED",
  "BOOKING_CANCELLED",
  "BOOKING_CONFIRMED",
  "BOOKING_REJECTED",
  "BOOKING_NO_SHOW_UPDATED",
  "BOOKING_REASSIGNED",
  "BOOKING_LOCATION_UPDATED",
  "OOO_CREATED",
  // A booking's video meeting, from its provider's notifications (server/conferencing/zoom-notifications.ts).
  "MEETING_STARTED",
  "MEETING_ENDED",
  "RECORDING_READY",
  "RECORDING_TRANSCRIPTION_GENERATED",
  // A routing form's submission, and no booking after it within the delay (server/routing-forms/routing-form-events.ts).
  "FORM_SUBMITTED",
  "FORM_SUBMITTED_NO_EVENT",
] as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** What a booking's people hear about: the changes that mail them and move the booking in their calendars. */
const BOOKING_CHANGES = ["BOOKING_CREATED", "BOOKING_REQUESTED", "BOOKING_RESCHEDULED", "BOOKING_CANCELLED", "BOOKING_CONFIRMED", "BOOKING_REJECTED"] as const;

const MEETING_EVENTS = ["MEETING_STARTED", "MEETING_ENDED", "RECORDING_READY", "RECORDING_TRANSCRIPTION_GENERATED"] as const;

/** Who gets which events, so emitting needs no subscriber module loaded (the request's process may load none). */
const SUBSCRIBERS = {
  mail: BOOKING_CHANGES,
  "calendar-sync": [...BOOKING_CHANGES, "BOOKING_REASSIGNED", "BOOKING_LOCATION_UPDATED"],
  // Every event a webhook trigger names (server/webhooks/webhook-triggers.ts triggerOfEvent; BOOKING_CONFIRMED goes as BOOKING_CREATED).
  webhooks: [...BOOKING_CHANGES, "BOOKING_NO_SHOW_UPDATED", "OOO_CREATED", ...MEETING_EVENTS, "FORM_SUBMITTED", "FORM_SUBMITTED_NO_EVENT"],
  // Video meetings follow their bookings (server/conferencing/meeting-sync.ts).
  conferencing: [...BOOKING_CHANGES, "BOOKING_REASSIGNED", "BOOKING_LOCATION_UPDATED"],
  // Workflow reminders are scheduled, moved and dropped with their bookings (server/workflows/reminder-schedule.ts).
  workflows: [...BOOKING_CHANGES, "BOOKING_NO_SHOW_UPDATED"],
} as const satisfies Record<string, readonly DomainEventType[]>;
export type SubscriberName = keyof typeof SUBSCRIBERS;

export type DomainEventInput = {
  type: DomainEventType;
  bookingId?: number;
  bookingUid?: string;
  eventTypeId?: number | null;
  teamId?: number | null;
  /** The users it concerns: a booking's hosts (the organizer first), an out-of-office entry's user. */
  userIds: number[];
  /** Validated by the current version of `type`'s schema (event-catalog.ts): a payload it refuses fails the change. */
  payload: Prisma.InputJsonObject | object;
  /** Subscribers the emitter knows have nothing to do (e.g. calendar sync when no host writes to a calendar). */
  skip?: readonly SubscriberName[];
  /** A fixed id for an event that must be written at most once (a provider's notification retried): see eventIdFor. */
  id?: string;
};

/** The stored event, as a subscriber receives it: `payload` valid for `version`, the current one once read. */
export type DomainEvent = {
  id: string;
  type: DomainEventType;
  version: number;
  occurredAt: Date;
  bookingId: number | null;
  bookingUid: string | null;
  eventTypeId: number | null;
  teamId: number | null;
  userIds: number[];
  payload: Prisma.JsonValue;
};

const queueOf = (subscriber: SubscriberName) => `event.${subscriber}`;

const subscribersOf = (type: DomainEventType) =>
  (Object.keys(SUBSCRIBERS) as SubscriberName[]).filter((name) => (SUBSCRIBERS[name] as readonly DomainEventType[]).includes(type));

/**
 * Checks now that the queues of every subscriber of `types` exist (once per process), so that emitting one of them
 * later reads nothing: for a transaction that may not use a second connection (db/client.ts pipelinedTransaction).
 */
export const checkSubscriberQueues = (types: readonly DomainEventType[]): Promise<void> =>
  checkQueuesExist(types.flatMap((type) => subscribersOf(type).map(queueOf)));

const EVENT_COLUMNS = `id, type, version, "occurredAt", "bookingId", "bookingUid", "eventTypeId", "teamId", "userIds", payload`;
const EVENT_ROW = (p: (n: number) => string) =>
  `(${p(1)}::uuid, ${p(2)}, ${p(9)}::int, ${UTC_NOW}, ${p(3)}::int, ${p(4)}, ${p(5)}::int, ${p(6)}::int, ${p(7)}::int[], ${p(8)}::jsonb)`;

/**
 * The event and its subscribers' jobs, in the caller's transaction, as one statement (a booking pays one round trip
 * for its outbox). Returns the event's id.
 */
export async function emitDomainEvent(tx: Tx, event: DomainEventInput): Promise<string> {
  const [id] = await emitDomainEvents(tx, [event]);
  return id!;
}

/** Several events and all their jobs in one statement (a series' occurrences); their ids, in order. */
export async function emitDomainEvents(tx: Tx, events: readonly DomainEventInput[]): Promise<string[]> {
  const values: unknown[] = [];
  const rows: string[] = [];
  const jobs: { name: string; data: { eventId: string } }[] = [];
  const ids: string[] = [];
  for (const { skip = [], id = randomUUID(), ...event } of events) {
    const { version, payload } = payloadToWrite(DOMAIN_EVENTS, event.type, event.payload);
    const offset = values.length;
    values.push(
      id,
      event.type,
      event.bookingId ?? null,
      event.bookingUid ?? null,
      event.eventTypeId ?? null,
      event.teamId ?? null,
      event.userIds,
      payload,
      version,
    );
    rows.push(EVENT_ROW((n) => `$${offset + n}`));
    for (const subscriber of subscribersOf(event.type)) if (!skip.includes(subscriber)) jobs.push({ name: queueOf(subscriber), data: { eventId: id } });
    ids.push(id);
  }
  if (rows.length === 0) return [];
  await insertWithJobs(tx, { text: `INSERT INTO "DomainEvent" (${EVENT_COLUMNS}) VALUES ${rows.join(", ")} RETURNING id`, values }, jobs);
  return ids;
}

/** A stored event as subscribers read it: its payload validated by its version's schema and upgraded to the current one. */
export function readDomainEvent(row: Omit<DomainEvent, "type"> & { type: string }): DomainEvent {
  const { version, payload } = payloadToRead(DOMAIN_EVENTS, row.type, row.version, row.payload);
  return { ...row, type: row.type as DomainEventType, version, payload: payload as Prisma.JsonValue };
}

/**
 * A stored event by id, in one prepared statement: every subscriber job of every event reads one, and Prisma's query
 * engine cost more CPU than the read. `occurredAt` comes back a Date, as Prisma gave it.
 */
async function findDomainEvent(id: string): Promise<(Omit<DomainEvent, "type"> & { type: string }) | null> {
  const [row] = await sql<Omit<DomainEvent, "type"> & { type: string }>(
    `SELECT id, type, version, "occurredAt" AT TIME ZONE 'UTC' AS "occurredAt", "bookingId", "bookingUid", "eventTypeId", "teamId", "userIds", payload
       FROM "DomainEvent" WHERE id = $1::uuid`,
    [id],
  );
  return row ?? null;
}

/**
 * Registers the handler of subscriber `name` (in the process that runs workers). It gets each event its row in
 * SUBSCRIBERS names, once or more: a job that threw, or whose worker died, runs again.
 */
export function subscribeToDomainEvents(name: SubscriberName, handler: (event: DomainEvent) => Promise<void>, options: JobOptions = {}): void {
  defineJob<{ eventId: string }>(
    queueOf(name),
    async ({ eventId }) => {
      const event = await findDomainEvent(eventId);
      // Events are never deleted while their jobs live; a missing one means the database was reset under the queue.
      // One that no definition reads throws here, named: its job fails (and is retried) rather than guessing.
      if (event) await handler(readDomainEvent(event));
    },
    options,
  );
}
