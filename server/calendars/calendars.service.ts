/** Connected calendars: list, busy times, connect (ICS feed, CalDAV), check and disconnect. */
import { db } from "../db/client";
import { env } from "../env";
import { AppError } from "../errors";
import { CalendarError, type CalendarSummary } from "./calendar-adapter";
import { CALENDAR_APPS, integrationOf, typeOfPath, type CalendarPath, type CalendarType } from "./calendar-apps";
import { calendarBusy } from "./calendar-busy";
import { invalidateUserCalendars } from "./calendar-cache";
import type { TCalendarOutput } from "./calendars.dto";
import type { TAppleCredentialsInput, TBusyTimesQuery, TSaveIcsFeedInput } from "./calendars.schemas";
import { calDavAdapter, ZCalDavSecret } from "./caldav.adapter";
import { adoptCalendars, discoverCalendars, listCalendarsOf, ownerTimeZone, toAppError, transientCredential } from "./connections";
import { connect, getOwnedCredential, listOwnedCredentials, storedSecret, storeCredential, toCredentialOutput } from "./credential-store";
import { fetchIcsFeed } from "./ics-feed.adapter";
import { optionalField } from "../http/optional-field";
import { OutboundUrlError, parseUserUrl } from "../security/outbound-http";
import { DAY_MS, wallToUtc } from "./zoned-time";
import type { Actor } from "../auth/actor";
import { selectedCalendarsOf } from "./calendar-access";

const errorText = (error: unknown) => (error instanceof Error ? error.message : "The calendar provider failed");

export async function listConnectedCalendars({ userId }: Actor) {
  const [rows, selected, destination] = await Promise.all([
    listOwnedCredentials(userId),
    db.selectedCalendar.findMany({ where: selectedCalendarsOf({ userId }), select: { credentialId: true, integration: true, externalId: true } }),
    db.destinationCalendar.findUnique({ where: { userId }, select: { id: true, integration: true, externalId: true, credentialId: true } }),
  ]);
  const isSelected = (credentialId: number, externalId: string) => selected.some((row) => row.credentialId === credentialId && row.externalId === externalId);
  const connectedCalendars = await Promise.all(
    rows.map(async (row) => {
      let summaries: CalendarSummary[];
      let error: string | undefined;
      let invalid = false;
      try {
        summaries = await listCalendarsOf(row);
      } catch (failure) {
        // What we know without the provider: the calendars selected or used as destination.
        error = errorText(failure);
        invalid = row.invalid || (failure instanceof CalendarError && failure.kind === "auth");
        const known = [
          ...selected.filter((item) => item.credentialId === row.id).map((item) => item.externalId),
          ...(destination?.credentialId === row.id ? [destination.externalId] : []),
        ];
        summaries = [...new Set(known)].map((externalId) => ({ externalId, name: externalId, primary: false, readOnly: true, email: null }));
      }
      // An unknown e-mail is left out, not null: the peer's schema has a string there.
      const calendars: TCalendarOutput[] = summaries.map(({ email, ...summary }) => ({
        ...summary,
        ...(email ? { email } : {}),
        integration: row.type,
        isSelected: isSelected(row.id, summary.externalId),
        credentialId: row.id,
      }));
      return {
        integration: integrationOf(row.type as CalendarType, env().APP_URL),
        credentialId: row.id,
        invalid,
        ...(error !== undefined ? { error } : {}),
        ...optionalField("primary", calendars.find((calendar) => calendar.primary) ?? calendars[0]),
        calendars,
      };
    }),
  );
  const destinationCalendar =
    destination &&
    connectedCalendars
      .flatMap((connected) => connected.calendars)
      .find((calendar) => calendar.credentialId === destination.credentialId && calendar.externalId === destination.externalId);
  // Connecting a writable calendar makes it the destination when there is none, so only a user without one lacks it.
  return {
    connectedCalendars,
    destinationCalendar: destination
      ? {
          id: destination.id,
          integration: destination.integration,
          externalId: destination.externalId,
          primaryEmail: destinationCalendar?.email ?? null,
          userId,
          eventTypeId: null,
          credentialId: destination.credentialId,
          name: destinationCalendar?.name ?? null,
          primary: destinationCalendar?.primary ?? false,
          readOnly: destinationCalendar?.readOnly ?? false,
          ...optionalField("email", destinationCalendar?.email),
          integrationTitle: CALENDAR_APPS[destination.integration as CalendarType]?.title ?? destination.integration,
        }
      : NO_DESTINATION(userId),
  };
}

/** The peer's schema requires a destination calendar; a user with nothing to write to gets this empty one. */
const NO_DESTINATION = (userId: number) => ({
  id: 0,
  integration: "",
  externalId: "",
  primaryEmail: null,
  userId,
  eventTypeId: null,
  credentialId: null,
  name: null,
  primary: false,
  readOnly: true,
  integrationTitle: "",
});

/** A date is the start of that day in `timeZone` (`isEnd`: the end of it); a timestamp is itself. */
function instantOf(value: string, timeZone: string, isEnd: boolean): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  return new Date(wallToUtc(Date.parse(`${value}T00:00:00Z`) + (isEnd ? DAY_MS : 0), timeZone));
}

const MAX_BUSY_RANGE_MS = 90 * DAY_MS;

export async function getBusyTimes({ userId }: Actor, query: TBusyTimesQuery) {
  const row = await getOwnedCredential(userId, query.credentialId);
  const timeZone = query.timeZone ?? query.loggedInUsersTz ?? "UTC";
  const start = query.dateFrom ? instantOf(query.dateFrom, timeZone, false) : new Date();
  const end = query.dateTo ? instantOf(query.dateTo, timeZone, true) : new Date(start.getTime() + 7 * DAY_MS);
  if (end <= start) throw new AppError("BAD_REQUEST", "dateTo must be after dateFrom");
  if (end.getTime() - start.getTime() > MAX_BUSY_RANGE_MS) throw new AppError("BAD_REQUEST", "The range may span at most 90 days");
  try {
    // Only a calendar of this credential: for CalDAV the externalId is the URL that would be queried.
    if (!(await listCalendarsOf(row)).some((calendar) => calendar.externalId === query.externalId))
      throw new AppError("NOT_FOUND", "This credential has no calendar with that externalId");
    const busy = await calendarBusy(row, query.externalId, { start, end });
    return busy.map((block) => ({ start: block.start.toISOString(), end: block.end.toISOString(), source: row.type }));
  } catch (error) {
    throw toAppError(error);
  }
}

function checkedFeedUrl(url: string, index: number): string {
  try {
    return parseUserUrl(url, env().ALLOW_PRIVATE_NETWORK_URLS).href;
  } catch (error) {
    throw new AppError("BAD_REQUEST", "Invalid ICS feed URL", [
      { path: `body.urls.${index}`, message: error instanceof OutboundUrlError ? error.message : "Not a valid URL" },
    ]);
  }
}

/** Saves feeds that answer with iCalendar data; all are checked for conflicts from now on. */
export async function saveIcsFeed({ userId }: Actor, input: TSaveIcsFeedInput) {
  const urls = [...new Set(input.urls.map(checkedFeedUrl))];
  const results = await Promise.all(
    urls.map((url) =>
      fetchIcsFeed(url).then(
        (feed) => ({ feed }),
        (error: unknown) => ({ error }),
      ),
    ),
  );
  const problems = results.flatMap((result, index) => ("error" in result ? [{ path: `body.urls.${index}`, message: errorText(result.error) }] : []));
  if (problems.length > 0) throw new AppError("BAD_REQUEST", "Some feeds could not be read", problems);
  const names = results.map((result) => ("feed" in result ? result.feed.name : null));
  const row = await storeCredential(userId, "ics-feed_calendar", { urls, names });
  const { credential, adapter } = connect(row);
  await adoptCalendars(row, await adapter.listCalendars(credential), "all");
  return toCredentialOutput(row);
}

type ConnectionCheck = { credentialId: number; valid: boolean; calendars: number; error?: string };

async function checkCredentials(userId: number, type: CalendarType) {
  const rows = await listOwnedCredentials(userId, type);
  if (rows.length === 0) throw new AppError("NOT_FOUND", `No ${CALENDAR_APPS[type].title} is connected`);
  const connections = await Promise.all(
    rows.map(async (row): Promise<ConnectionCheck> => {
      try {
        return { credentialId: row.id, valid: true, calendars: (await listCalendarsOf(row)).length };
      } catch (error) {
        return { credentialId: row.id, valid: false, calendars: 0, error: errorText(error) };
      }
    }),
  );
  return { integration: type, connections };
}

/** With `url`: whether it serves a readable feed (nothing is stored). Without: the saved feeds, each fetched. */
export async function checkIcsFeed({ userId }: Actor, url: string | undefined) {
  if (url === undefined) return checkCredentials(userId, "ics-feed_calendar");
  const href = checkedFeedUrl(url, 0);
  try {
    return { url: href, valid: true as const, events: (await fetchIcsFeed(href)).events.length };
  } catch (error) {
    throw toAppError(error);
  }
}

export const checkConnection = ({ userId }: Actor, path: CalendarPath) => checkCredentials(userId, typeOfPath(path));

/**
 * Connects a CalDAV account (iCloud unless `url` names another server) after discovering its calendars.
 * The same account connected again replaces the stored password instead of adding a second connection.
 */
export async function saveCalDavCredentials({ userId }: Actor, input: TAppleCredentialsInput) {
  const secret = ZCalDavSecret.parse({ url: input.url ?? env().APPLE_CALDAV_URL, username: input.username, password: input.password });
  const calendars = await discoverCalendars(calDavAdapter, transientCredential(userId, "apple_calendar", secret, await ownerTimeZone(userId)));
  const existing = (await listOwnedCredentials(userId, "apple_calendar")).find((row) => {
    const stored = storedSecret<typeof secret>(row);
    return stored?.url === secret.url && stored.username === secret.username;
  });
  const row = await storeCredential(userId, "apple_calendar", secret, existing?.id);
  await adoptCalendars(row, calendars, "all");
  return toCredentialOutput(row);
}

/** Removes the credential with its selected and destination calendars; slots stop seeing its busy times. */
export async function disconnectCalendar({ userId }: Actor, path: CalendarPath, credentialId: number) {
  const row = await getOwnedCredential(userId, credentialId, typeOfPath(path));
  await db.credential.delete({ where: { id: row.id } });
  await invalidateUserCalendars(userId);
  return toCredentialOutput(row);
}
