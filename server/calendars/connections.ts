/** Steps shared by the connect, list and select use cases. */
import { db } from "../db/client";
import { AppError } from "../errors";
import { CalendarError, type CalendarAdapter, type CalendarSummary, type ConnectedCredential } from "./calendar-adapter";
import type { CalendarType } from "./calendar-apps";
import { invalidateUserCalendars } from "./calendar-cache";
import { ADAPTERS, connect, markCredentialValidity, type CredentialRow } from "./credential-store";

/** A calendar provider that does not answer within this is reported as unreachable. */
const LIST_TIMEOUT_MS = 8_000;

/** What a user sees for a failed provider call: a 400 naming the cause, never a 500. */
export function toAppError(error: unknown): unknown {
  if (error instanceof CalendarError) return new AppError("BAD_REQUEST", error.message, { reason: error.kind });
  return error;
}

async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CalendarError("unreachable", "The calendar provider did not answer in time")), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The calendars of a stored credential, live; keeps its `invalid` flag in step with what the provider says. */
export async function listCalendarsOf(row: CredentialRow): Promise<CalendarSummary[]> {
  try {
    const { credential, adapter } = connect(row);
    const calendars = await withDeadline(adapter.listCalendars(credential), LIST_TIMEOUT_MS);
    if (row.invalid) await markCredentialValidity(row, true);
    return calendars;
  } catch (error) {
    if (error instanceof CalendarError && error.kind === "auth") await markCredentialValidity(row, false, error.message);
    throw error;
  }
}

/** A credential not yet stored (connection in progress): refreshed secrets stay in memory. */
export function transientCredential<S>(userId: number, type: CalendarType, secret: S, ownerTimeZone: string): ConnectedCredential<S> {
  const credential: ConnectedCredential<S> = {
    id: 0,
    userId,
    type,
    secret,
    ownerTimeZone,
    saveSecret: async (next) => {
      credential.secret = next;
    },
  };
  return credential;
}

/** The calendars a new connection offers, or a 400 saying why it cannot be made. */
export async function discoverCalendars<S>(adapter: CalendarAdapter<S>, credential: ConnectedCredential<S>): Promise<CalendarSummary[]> {
  try {
    const calendars = await withDeadline(adapter.listCalendars(credential), LIST_TIMEOUT_MS);
    if (calendars.length === 0) throw new AppError("BAD_REQUEST", "The account has no calendar that holds events");
    return calendars;
  } catch (error) {
    throw toAppError(error);
  }
}

export async function ownerTimeZone(userId: number): Promise<string> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { timeZone: true } });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  return user.timeZone;
}

/**
 * After a credential is stored: its calendars are checked for conflicts by default (every calendar, or
 * only the primary one for OAuth accounts, which often list holidays and colleagues' calendars), and the
 * primary writable calendar becomes the destination if the user has none. Takes effect at the next slot
 * request.
 */
export async function adoptCalendars(row: CredentialRow, calendars: CalendarSummary[], select: "all" | "primary"): Promise<void> {
  const chosen = select === "all" ? calendars : calendars.filter((calendar) => calendar.primary).slice(0, 1);
  const writable = ADAPTERS[row.type as CalendarType].createEvent ? calendars.filter((calendar) => !calendar.readOnly) : [];
  const destination = writable.find((calendar) => calendar.primary) ?? writable[0];
  await db.$transaction(async (tx) => {
    for (const calendar of chosen) {
      await tx.selectedCalendar.upsert({
        where: { userId_integration_externalId: { userId: row.userId, integration: row.type, externalId: calendar.externalId } },
        create: { userId: row.userId, integration: row.type, externalId: calendar.externalId, credentialId: row.id },
        update: { credentialId: row.id },
      });
    }
    const existing = await tx.destinationCalendar.findUnique({ where: { userId: row.userId }, select: { id: true } });
    if (!existing && destination) {
      await tx.destinationCalendar.create({ data: { userId: row.userId, integration: row.type, externalId: destination.externalId, credentialId: row.id } });
    }
  });
  await invalidateUserCalendars(row.userId);
}
