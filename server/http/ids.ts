/**
 * Integers in paths and query strings: canonical decimal only (`9`, never `09`, `+9`, `9.0`, `9e0` or `0x9`, which
 * Number() would all read as 9), within PostgreSQL's int4, so one resource has one URL and an oversized number is a
 * 400, not a 500.
 */
import { z } from "zod";

export const MAX_DB_INT = 2_147_483_647;

const CANONICAL_DECIMAL = /^(0|[1-9][0-9]*)$/;

/** A non-negative integer written in canonical decimal, parsed from a path or query string, within [min, max]. */
export function ZDecimalIntParam({ min, max = MAX_DB_INT, message }: { min: number; max?: number; message?: string }) {
  const error = message ?? `must be an integer from ${min} to ${max}, written in plain decimal digits`;
  return (
    z
      .string({ error })
      .regex(CANONICAL_DECIMAL, { error })
      .transform(Number)
      .pipe(z.number().int().min(min, { error }).max(max, { error }))
      // Documented as what it is on the wire for a client: an integer in range (the pattern would only restate that).
      .meta({ type: "integer", minimum: min, maximum: max, pattern: undefined })
  );
}

/** A row id in a path or query parameter. */
export const ZIdParam = ZDecimalIntParam({ min: 1, message: "must be a positive integer id (plain decimal digits, no sign or leading zero)" });
/** A row id in a JSON body. */
export const ZIdField = z.number().int().positive().max(MAX_DB_INT);
