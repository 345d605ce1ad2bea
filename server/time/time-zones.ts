/** IANA time zone names, validated by the platform's own time zone database (ICU). */
import { z } from "zod";
import { wallClockFormatter } from "./zone-clock";

const IANA_NAME = /^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2})$/;

export function isIanaTimeZone(value: string): boolean {
  if (!IANA_NAME.test(value)) return false;
  try {
    // Cached per zone: constructing an Intl formatter on every request that names a zone is slow.
    wallClockFormatter(value);
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZone = z
  .string()
  .refine(isIanaTimeZone, { message: "Must be an IANA time zone name such as Europe/Paris or America/New_York" })
  .describe("IANA time zone name");
