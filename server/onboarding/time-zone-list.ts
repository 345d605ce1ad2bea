import { isIanaTimeZone } from "../time/time-zones";

let cached: string[] | undefined;

/** The zones the profile step offers: the platform's list as the schema accepts it, UTC first, and the current one. */
export function supportedTimeZones(current: string): string[] {
  cached ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC" && isIanaTimeZone(zone))];
  return cached.includes(current) ? cached : [current, ...cached];
}
