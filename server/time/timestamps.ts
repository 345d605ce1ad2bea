/**
 * The one shape of a date or timestamp in any input. Every instant is bounded to 1970–2200: the database
 * would store year 9999 (and the end of a booking that starts then lands in year 10000), but such a value
 * cannot be read back into a JavaScript Date, so accepting it would commit a row no read can serve.
 * Imported by client components too: nothing here may pull in server-only modules.
 */
import { z } from "zod";

export const EARLIEST_INSTANT = "1970-01-01T00:00:00Z";
/** Exclusive. */
export const LATEST_INSTANT = "2200-01-01T00:00:00Z";
const EARLIEST_MS = Date.parse(EARLIEST_INSTANT);
const LATEST_MS = Date.parse(LATEST_INSTANT);

const RANGE = "between 1970-01-01 and 2200-01-01";

/** A parseable instant inside the supported range. */
export const isSupportedInstant = (value: string | Date) => {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(ms) && ms >= EARLIEST_MS && ms < LATEST_MS;
};

const timestampMessage = (example: string) => `Must be a full ISO 8601 timestamp with a time zone, ${RANGE}, e.g. ${example}`;

/** A full ISO 8601 timestamp with a zone designator, kept as the string the caller sent. */
export const ZTimestampText = (example = "2026-12-01T09:00:00Z") =>
  z.iso
    .datetime({ offset: true, message: timestampMessage(example) })
    .refine(isSupportedInstant, timestampMessage(example))
    .describe(`Full ISO 8601 timestamp with a time zone, ${RANGE}, e.g. ${example}`);

/** The same, as a Date. */
export const ZTimestamp = (example?: string) => ZTimestampText(example).transform((value) => new Date(value));

const dateMessage = `Must be a calendar date YYYY-MM-DD ${RANGE}`;

/** A calendar date YYYY-MM-DD (no zone: read in whatever zone the field belongs to). */
export const ZCalendarDate = () =>
  z.iso
    .date(dateMessage)
    .refine((value) => isSupportedInstant(`${value}T00:00:00Z`), dateMessage)
    .describe(`Calendar date YYYY-MM-DD, ${RANGE}`);
