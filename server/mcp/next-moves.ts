/**
 * What a refused tool call tells the model to do next, beyond the use case's own message. A taken slot is answered
 * with the nearest free starts of the same event type (read through the same slots handler find_available_slots
 * calls), so the agent can offer alternatives at once instead of starting over.
 */
import { actorOf } from "../auth/actor";
import type { Principal } from "../auth/principal";
import type { AppError } from "../errors";
import { slotsRoute } from "../slots/slots-2024-09-04.routes";
import type { ToolDefinition } from "./tool-definition";

const DAY_MS = 86_400_000;
const ALTERNATIVES = 5;
const EVENT_TYPE_REFERENCES = ["eventTypeId", "eventTypeSlug", "username", "teamSlug", "organizationSlug"] as const;

export type NextMove = { advice: string; nearestFreeStarts?: string[] };

/** The free starts of the event type in `args` closest to `args.start`, up to ALTERNATIVES of them. */
export async function nearestFreeStarts(principal: Principal, args: Record<string, unknown>): Promise<string[]> {
  const wanted = Date.parse(String(args.start));
  if (Number.isNaN(wanted)) return [];
  const from = Math.max(Date.now(), wanted - 3 * DAY_MS);
  const query = slotsRoute.query!.parse({
    ...Object.fromEntries(EVENT_TYPE_REFERENCES.filter((name) => args[name] !== undefined).map((name) => [name, String(args[name])])),
    start: new Date(from).toISOString(),
    end: new Date(wanted + 7 * DAY_MS).toISOString(),
    ...(typeof args.lengthInMinutes === "number" ? { duration: String(args.lengthInMinutes) } : {}),
  });
  const days = (await slotsRoute.run({
    actor: actorOf(principal),
    principal,
    params: undefined,
    query,
    body: undefined,
    version: slotsRoute.versions?.[0] ?? null,
    request: new Request("http://mcp.invalid/v2/slots"),
    requestId: "mcp-next-move",
  })) as Record<string, { start: string }[]>;
  return Object.values(days)
    .flat()
    .map(({ start }) => start)
    .sort((a, b) => Math.abs(Date.parse(a) - wanted) - Math.abs(Date.parse(b) - wanted))
    .slice(0, ALTERNATIVES)
    .sort((a, b) => Date.parse(a) - Date.parse(b));
}

export async function nextMoveAfter(tool: ToolDefinition, principal: Principal, args: Record<string, unknown>, error: AppError): Promise<NextMove | null> {
  if (error.code === "CONFLICT" && (tool.name === "create_booking" || tool.name === "reserve_slot")) {
    const alternatives = await nearestFreeStarts(principal, tool.name === "reserve_slot" ? { ...args, start: args.slotStart } : args);
    return alternatives.length
      ? { advice: "That slot was just taken. Offer one of the nearest free starts and call the tool again with it.", nearestFreeStarts: alternatives }
      : { advice: "That slot was just taken and nothing is free within a week around it: call find_available_slots with a later range." };
  }
  if (error.code === "CONFLICT" && tool.name === "reschedule_booking") {
    return { advice: "That time is not free: call find_available_slots with bookingUidToReschedule set to this booking's uid, then try one of its starts." };
  }
  if (error.code === "BAD_REQUEST") return { advice: "Fix the arguments named in details (the input schema of this tool describes each) and call again." };
  if (error.code === "NOT_FOUND")
    return { advice: "Check the id: list tools (list_bookings, list_event_types, list_teams…) give the ids this connection can reach." };
  if (error.code === "TOO_MANY_REQUESTS") return { advice: "Too many attempts: wait for the time given in the message before trying again." };
  return null;
}
