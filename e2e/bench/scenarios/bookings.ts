/**
 * POST /v2/bookings on free slots, no contention: each request books its own half hour of a host who is available
 * around the clock, from its own address (the per-caller booking limits would otherwise stop the run; the bench
 * server trusts one proxy hop, as the HTTP tests' server does).
 */
import { attendee, makeHostWithEventType, utcAt } from "../../../prisma/scheduling-factories";
import type { Probe, Scenario } from "../scenario";

const BOOKINGS = 1500;
const V = { "svc-api-version": "2024-08-13", "content-type": "application/json" };

/** `count` bookings of distinct free half hours from `firstDay` on, each with its own attendee and address. */
export async function freeSlotBookings(count: number, firstDay = 2): Promise<Pick<Probe, "bodies" | "headersPerBody">> {
  const { eventType } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
  const bodies: string[] = [];
  const headersPerBody: Record<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    const start = utcAt(firstDay + Math.floor(i / 48), 0, (i % 48) * 30);
    bodies.push(JSON.stringify({ eventTypeId: eventType.id, start: start.toISOString(), attendee: attendee(`Booker ${i}`) }));
    headersPerBody.push({ "x-forwarded-for": `10.77.${Math.floor(i / 250)}.${i % 250}` });
  }
  return { bodies, headersPerBody };
}

export const bookingScenario: Scenario = {
  name: `POST /v2/bookings (×${BOOKINGS})`,
  minRatio: 0.15,
  async prepare() {
    return { method: "POST", path: "/v2/bookings", headers: V, ...(await freeSlotBookings(BOOKINGS)), expectStatus: 201 };
  },
};
