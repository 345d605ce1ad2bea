/**
 * GET /v2/timezones, as the peer serves it: public, the time zones its clients may send (`timeZone` fields), each
 * with the city that names it. Convene lists the IANA zones it accepts (the platform's list, UTC first); the peer's
 * `pop` (a city's population, from its city database) is not given.
 */
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { supportedTimeZones } from "../onboarding/time-zone-list";

const ZTimeZoneOutput = z.object({
  city: z.string().describe("The place the zone is named after, e.g. New York for America/New_York (UTC for UTC)"),
  timezone: z.string().describe("The IANA name to send as timeZone"),
});

/** `America/Argentina/Rio_Gallegos` → `Rio Gallegos`. */
const cityOf = (zone: string) => zone.split("/").at(-1)!.replaceAll("_", " ");

export const listTimeZonesRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/timezones",
    tag: "Time zones",
    summary: "Get the time zones Convene accepts, each with the city naming it: public, no credential needed",
    access: "public",
    response: z.array(ZTimeZoneOutput),
  },
  () => supportedTimeZones("UTC").map((timezone) => ({ city: cityOf(timezone), timezone })),
);

export const timeZoneRoutes = [listTimeZonesRoute];
