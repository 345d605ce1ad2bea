/** The event type output: the fields of the peer's EventTypeOutput_2024_06_14 that we store. */
import { z } from "zod";
import type { TLocation } from "./event-type.schemas";

export const EVENT_TYPE_SELECT = {
  id: true,
  userId: true,
  title: true,
  slug: true,
  description: true,
  lengthInMinutes: true,
  locations: true,
  hidden: true,
  minimumBookingNotice: true,
  beforeEventBuffer: true,
  afterEventBuffer: true,
  slotInterval: true,
  scheduleId: true,
  requiresConfirmation: true,
  periodDays: true,
  metadata: true,
} as const;

type EventTypeRow = {
  id: number;
  userId: number | null;
  title: string;
  slug: string;
  description: string | null;
  lengthInMinutes: number;
  locations: unknown;
  hidden: boolean;
  minimumBookingNotice: number;
  beforeEventBuffer: number;
  afterEventBuffer: number;
  slotInterval: number | null;
  scheduleId: number | null;
  requiresConfirmation: boolean;
  periodDays: number | null;
  metadata: unknown;
};

export const ZEventTypeOutput = z.object({
  id: z.number().int(),
  ownerId: z.number().int().nullable(),
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  lengthInMinutes: z.number().int(),
  locations: z.array(z.record(z.string(), z.unknown())),
  hidden: z.boolean(),
  minimumBookingNotice: z.number().int(),
  beforeEventBuffer: z.number().int(),
  afterEventBuffer: z.number().int(),
  slotInterval: z.number().int().nullable(),
  scheduleId: z.number().int().nullable(),
  requiresConfirmation: z.boolean(),
  bookingWindow: z.object({ type: z.literal("calendarDays"), value: z.number().int(), rolling: z.literal(false) }).nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type TEventTypeOutput = z.infer<typeof ZEventTypeOutput>;

export const ZDeleteEventTypeOutput = ZEventTypeOutput.pick({ id: true, lengthInMinutes: true, title: true, slug: true });

export function toEventTypeOutput(row: EventTypeRow): TEventTypeOutput {
  return {
    id: row.id,
    ownerId: row.userId,
    title: row.title,
    slug: row.slug,
    description: row.description,
    lengthInMinutes: row.lengthInMinutes,
    locations: row.locations as TLocation[],
    hidden: row.hidden,
    minimumBookingNotice: row.minimumBookingNotice,
    beforeEventBuffer: row.beforeEventBuffer,
    afterEventBuffer: row.afterEventBuffer,
    slotInterval: row.slotInterval,
    scheduleId: row.scheduleId,
    requiresConfirmation: row.requiresConfirmation,
    bookingWindow: row.periodDays === null ? null : { type: "calendarDays", value: row.periodDays, rolling: false },
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
  };
}
