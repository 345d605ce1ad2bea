/**
 * POST /v2/bookings on free slots, no contention: each request books its own half hour, spread over HOSTS hosts who
 * are available around the clock (bookings of one host are decided one at a time under its lock, so one host would
 * measure that queue, which the contention figure covers), each from its own address (the per-caller booking limits
 * would otherwise stop the run; the bench server trusts one proxy hop, as the HTTP tests' server does).
 */
import { attendee, makeHostWithEventType, utcAt } from "../../../prisma/scheduling-factories";
import type { Probe, Scenario } from "../scenario";

const BOOKINGS = 1500;
/**
 * The warm-up every measurement gets is BENCH_WARMUP (3) seconds; bookings are single-use bodies, so theirs is a
 * count: about three seconds at the target speed. (300 were three seconds at the 100 per second of the first runs; at
 * four times that the route was measured while still warming, and the ratio rose by a fifth over the next runs.)
 */
const WARMUP_BOOKINGS = 1500;
const HOSTS = 25;
export const V = { "svc-api-version": "2024-08-13", "content-type": "application/json" };

export type MadeHost = Awaited<ReturnType<typeof makeHostWithEventType>>;

export type FreeSlotOptions = {
  /** The first two octets of each booking's address: distinct per measurement, so no address books twice in a run. */
  addressPrefix?: string;
  /** Called with each host made, before any body is sent (e.g. to give its event type webhooks). */
  withHost?: (host: MadeHost, index: number) => Promise<void>;
};

/** `count` bookings of distinct free half hours from `firstDay` on, round-robin over `hosts` hosts, each with its own attendee and address. */
export async function freeSlotBookings(
  count: number,
  firstDay = 2,
  hosts = HOSTS,
  { addressPrefix = "10.77", withHost }: FreeSlotOptions = {},
): Promise<Pick<Probe, "bodies" | "headersPerBody">> {
  const eventTypes = [];
  for (let i = 0; i < hosts; i++) {
    const made = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
    await withHost?.(made, i);
    eventTypes.push(made.eventType);
  }
  const bodies: string[] = [];
  const headersPerBody: Record<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    const slot = Math.floor(i / hosts);
    const start = utcAt(firstDay + Math.floor(slot / 48), 0, (slot % 48) * 30);
    bodies.push(JSON.stringify({ eventTypeId: eventTypes[i % hosts]!.id, start: start.toISOString(), attendee: attendee(`Booker ${i}`) }));
    headersPerBody.push({ "x-forwarded-for": `${addressPrefix}.${Math.floor(i / 250)}.${i % 250}` });
  }
  return { bodies, headersPerBody };
}

export const bookingScenario: Scenario = {
  name: `POST /v2/bookings (×${BOOKINGS})`,
  // Issue 25: from 0.19 (a transaction of eight round trips) to at least 0.35 (one batch, bookings/create/one-round-trip.ts).
  minRatio: 0.35,
  async prepare() {
    // The warm-up books other hosts, weeks later, so the measured bookings find the same empty calendars.
    const warmup = await freeSlotBookings(WARMUP_BOOKINGS, 30);
    return { method: "POST", path: "/v2/bookings", headers: V, ...(await freeSlotBookings(BOOKINGS)), warmup, expectStatus: 201 };
  },
};
