/**
 * The slot query of the peer's POST …/routing-forms/{id}/responses and calculate-slots: GET /v2/slots' own (2024-09-04)
 * range, zone, length and format, for the event type the answers route to (the route names it, not the query).
 */
import { z } from "zod";
import { MAX_RANGE_DAYS } from "../slots/slots.schemas";
import { ZSlotsQuery } from "../slots/slots-2024-09-04.schemas";

const { start, end, timeZone, duration, format, bookingUidToReschedule } = ZSlotsQuery.shape;
const DAY_MS = 86_400_000;

export const ZRoutingSlotsQuery = z
  .object({ start, end, timeZone, duration, format, bookingUidToReschedule })
  .strict()
  .superRefine((query, ctx) => {
    if (!(query.start instanceof Date) || !(query.end instanceof Date)) return;
    const span = query.end.getTime() - query.start.getTime();
    if (span <= 0) ctx.addIssue({ code: "custom", path: ["end"], message: "end must be after start" });
    else if (span > MAX_RANGE_DAYS * DAY_MS) ctx.addIssue({ code: "custom", path: ["end"], message: `end must be at most ${MAX_RANGE_DAYS} days after start` });
  });
export type TRoutingSlotsQuery = z.output<typeof ZRoutingSlotsQuery>;
