/**
 * Issue 40: an MCP tool call against the /v2 request it wraps, in the same run, alternating slices (interleaved.ts):
 * find_available_slots vs GET /v2/slots, create_booking vs POST /v2/bookings. Target: the tool call keeps ≥ 0.7 of the
 * /v2 throughput. Both sides send an API key; a tool's refusal is a 200 with isError, so the bookings are counted
 * afterwards: every body must have booked, or the figure measured an error path.
 *
 * Booking with a key makes its user the caller of the booking limits (booking-rate-limit.ts: 300 attempts per caller
 * and 100 per caller and event type in five minutes), whatever the address. So each side books with a key of its own
 * user (a new one for each set of slices), over six hosts, and stays under both: the figure measures bookings, not refusals.
 */
import { makeApiKey } from "../../prisma/factories";
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db } from "../../server/db/client";
import { MAX_SLICE_SETS, measureInterleaved, setOf, sliceRatios, untilDecided } from "./interleaved";
import type { Load, Measurement } from "./measure";
import type { Probe } from "./scenario";
import { freeSlotBookings, V } from "./scenarios/bookings";

export const MCP_TARGET = 0.7;
const BOOKINGS = 240;
const HOSTS = 6;
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

const toolCall = (name: string, args: Record<string, unknown>, id = 1) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

/** Per slice, the tool call's throughput over the /v2 request's; and the /v2 side's own slices (the baseline). */
export type McpFigure = { name: string; ratios: number[]; v2Slices: Measurement[] };

async function findSlots(baseUrl: string, load: Load, bearer: Record<string, string>): Promise<McpFigure> {
  const { eventType } = await makeHostWithEventType();
  const range = { eventTypeId: eventType.id, start: utcAt(1, 0).toISOString(), end: utcAt(8, 0).toISOString(), timeZone: "UTC" };
  const v2: Probe = { path: `/v2/slots?${new URLSearchParams({ ...range, eventTypeId: String(range.eventTypeId) })}`, headers: bearer, expectStatus: 200 };
  const mcp: Probe = { method: "POST", path: "/mcp", headers: { ...MCP_HEADERS, ...bearer }, body: toolCall("find_available_slots", range), expectStatus: 200 };
  const { bare: v2Side, ratios } = await untilDecided({ atLeast: MCP_TARGET }, async () => {
    const [v2Side, mcpSide] = await measureInterleaved(baseUrl, [v2, mcp], load);
    return { bare: v2Side!, measured: mcpSide!, ratios: sliceRatios(mcpSide!.slices, v2Side!.slices, (m) => m.requestsPerSecond) };
  });
  return { name: "find_available_slots vs GET /v2/slots (7 days)", ratios, v2Slices: v2Side.slices };
}

async function book(baseUrl: string, load: Load): Promise<McpFigure> {
  // Bodies for every set of slices the figure may take (interleaved.ts untilDecided): only the sets measured are sent.
  const v2Bookings = await freeSlotBookings(MAX_SLICE_SETS * BOOKINGS, 2, HOSTS, { addressPrefix: "10.91" });
  const mcpBookings = await freeSlotBookings(MAX_SLICE_SETS * BOOKINGS, 2, HOSTS, { addressPrefix: "10.92" });
  const v2: Probe = { method: "POST", path: "/v2/bookings", headers: V, ...v2Bookings, expectStatus: 201 };
  const mcp: Probe = {
    method: "POST",
    path: "/mcp",
    headers: MCP_HEADERS,
    bodies: mcpBookings.bodies!.map((body, index) => toolCall("create_booking", JSON.parse(body), index + 1)),
    headersPerBody: mcpBookings.headersPerBody,
    expectStatus: 200,
  };
  // Each set books with keys of new users: one key's bookings of all sets would pass the per-caller limits.
  const withKey = async (probe: Probe) => ({ ...probe, headers: { ...probe.headers, ...(await bearerOfNewUser()) } });
  let sets = 0;
  const { bare: v2Side, ratios } = await untilDecided({ atLeast: MCP_TARGET }, async (set) => {
    sets += 1;
    const [v2Side, mcpSide] = await measureInterleaved(baseUrl, [await withKey(setOf(v2, set)), await withKey(setOf(mcp, set))], load);
    return { bare: v2Side!, measured: mcpSide!, ratios: sliceRatios(mcpSide!.slices, v2Side!.slices, (m) => m.requestsPerSecond) };
  });
  const ids = mcpBookings.bodies!.map((body) => (JSON.parse(body) as { eventTypeId: number }).eventTypeId);
  const booked = await db.booking.count({ where: { eventTypeId: { in: [...new Set(ids)] } } });
  if (booked !== sets * BOOKINGS) throw new Error(`create_booking booked ${booked} of ${sets * BOOKINGS}: the tool calls measured refusals`);
  return { name: `create_booking vs POST /v2/bookings (×${BOOKINGS})`, ratios, v2Slices: v2Side.slices };
}

async function bearerOfNewUser(): Promise<Record<string, string>> {
  const { host } = await makeHostWithEventType();
  return { authorization: `Bearer ${await makeApiKey(host.id)}` };
}

export async function mcpBench(baseUrl: string, load: Load): Promise<McpFigure[]> {
  return [await findSlots(baseUrl, load, await bearerOfNewUser()), await book(baseUrl, load)];
}
