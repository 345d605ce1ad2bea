/** Inputs of the calendar routes (the peer API's field names; see the field reference, "Calendars"). */
import { z } from "zod";
import { ZIdField, ZIdParam } from "../http/ids";
import { ZTimeZone } from "../time/time-zones";
import { isSupportedInstant } from "../time/timestamps";
import { CALENDAR_TYPES } from "./calendar-apps";

const ZCalendarType = z.enum(CALENDAR_TYPES as [string, ...string[]], { error: `integration must be one of ${CALENDAR_TYPES.join(", ")}` });
const ZWritableCalendarType = z.enum(["apple_calendar", "google_calendar", "office365_calendar"], {
  error: "integration must be apple_calendar, google_calendar or office365_calendar (ICS feeds are read-only)",
});
const ZExternalId = z.string().trim().min(1).max(2048).describe("The calendar's externalId, as listed by GET /v2/calendars");

export const ZOAuthCalendarParams = z.object({ calendar: z.enum(["google", "office365"], { error: "calendar must be google or office365" }) });
export const ZAppleCalendarParams = z.object({ calendar: z.enum(["apple"], { error: "calendar must be apple" }) });
export const ZCheckCalendarParams = z.object({ calendar: z.enum(["apple", "google", "office365"], { error: "calendar must be apple, google or office365" }) });
export const ZDisconnectCalendarParams = z.object({
  calendar: z.enum(["apple", "google", "office365", "ics-feed"], { error: "calendar must be apple, google, office365 or ics-feed" }),
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ZDateOrTimestamp = z
  .string()
  .refine(
    (value) =>
      (DATE_ONLY.test(value) || z.iso.datetime({ offset: true }).safeParse(value).success) &&
      isSupportedInstant(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value),
    {
      message: "Must be a date (2026-12-01, read in timeZone) or a full ISO 8601 timestamp, between 1970-01-01 and 2200-01-01",
    },
  );

export const ZBusyTimesQuery = z.object({
  credentialId: ZIdParam.describe("Credential of the calendar, from GET /v2/calendars"),
  externalId: ZExternalId,
  dateFrom: ZDateOrTimestamp.optional().describe("Start: a date (start of that day in timeZone) or a timestamp; default now"),
  dateTo: ZDateOrTimestamp.optional().describe("End: a date (end of that day in timeZone) or a timestamp; default 7 days after dateFrom"),
  timeZone: ZTimeZone.optional(),
  loggedInUsersTz: ZTimeZone.optional().describe("Used when timeZone is absent; default UTC"),
});
export type TBusyTimesQuery = z.output<typeof ZBusyTimesQuery>;

const ZFeedUrl = z.string().trim().min(1).max(2048);

export const ZIcsFeedCheckQuery = z.object({
  url: ZFeedUrl.optional().describe("A feed to try before saving it; without it, the saved feeds are checked"),
});

export const ZSaveIcsFeedInput = z.object({
  urls: z.array(ZFeedUrl).min(1, "urls must hold at least one ICS feed URL").max(10, "At most 10 feeds at once"),
  readOnly: z.boolean().default(true).describe("Feeds are always read-only; accepted for compatibility"),
});
export type TSaveIcsFeedInput = z.output<typeof ZSaveIcsFeedInput>;

export const ZAppleCredentialsInput = z.object({
  username: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024).describe("For iCloud, an app-specific password"),
  url: z.url({ error: "url must be the CalDAV server's URL" }).max(2048).optional().describe("CalDAV server; default iCloud (APPLE_CALDAV_URL)"),
});
export type TAppleCredentialsInput = z.output<typeof ZAppleCredentialsInput>;

export const ZConnectQuery = z.object({
  isDryRun: z.stringbool().default(false).describe("Accepted for compatibility; makes no difference"),
  redir: z
    .string()
    .max(2048)
    .optional()
    .describe(
      "Where the browser goes after the provider's consent: a path on this service, or a URL on the origin of one of the calling OAuth client's redirect URIs",
    ),
});

export const ZOAuthCallbackQuery = z.object({
  state: z.string().max(4096).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
});

export const ZDisconnectInput = z.object({ id: ZIdField.describe("Credential id, from GET /v2/calendars") });

export const ZSelectedCalendarInput = z.object({
  integration: ZCalendarType,
  externalId: ZExternalId,
  credentialId: ZIdField,
  delegationCredentialId: z.string().optional().describe("Not supported; ignored"),
});
export type TSelectedCalendarInput = z.output<typeof ZSelectedCalendarInput>;

export const ZSelectedCalendarQuery = ZSelectedCalendarInput.extend({ credentialId: ZIdParam });

export const ZDestinationCalendarInput = z.object({
  integration: ZWritableCalendarType,
  externalId: ZExternalId,
  delegationCredentialId: z.string().optional().describe("Not supported; ignored"),
});
export type TDestinationCalendarInput = z.output<typeof ZDestinationCalendarInput>;
