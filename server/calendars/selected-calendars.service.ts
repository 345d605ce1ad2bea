/** Which calendars are checked for conflicts (selected) and which one receives new bookings (destination). */
import { db } from "../db/client";
import { AppError } from "../errors";
import type { CalendarSummary } from "./calendar-adapter";
import type { CalendarType } from "./calendar-apps";
import { invalidateUserCalendars } from "./calendar-cache";
import type { TDestinationCalendarInput, TSelectedCalendarInput } from "./calendars.schemas";
import { listCalendarsOf, toAppError } from "./connections";
import { getOwnedCredential, listOwnedCredentials, type CredentialRow } from "./credential-store";
import type { Actor } from "../auth/actor";
import { selectedCalendarsOf } from "./calendar-access";

async function calendarsOf(row: CredentialRow): Promise<CalendarSummary[]> {
  try {
    return await listCalendarsOf(row);
  } catch (error) {
    throw toAppError(error);
  }
}

const toOutput = (userId: number, integration: string, externalId: string, credentialId: number) => ({ userId, integration, externalId, credentialId });

/** Selects one of the credential's calendars; the next slot request takes its busy times into account. */
export async function addSelectedCalendar({ userId }: Actor, input: TSelectedCalendarInput) {
  const row = await getOwnedCredential(userId, input.credentialId, input.integration as CalendarType);
  if (!(await calendarsOf(row)).some((calendar) => calendar.externalId === input.externalId)) {
    throw new AppError("NOT_FOUND", "This credential has no calendar with that externalId");
  }
  await db.selectedCalendar.upsert({
    where: { userId_integration_externalId: { userId, integration: row.type, externalId: input.externalId } },
    create: { userId, integration: row.type, externalId: input.externalId, credentialId: row.id },
    update: { credentialId: row.id },
  });
  await invalidateUserCalendars(userId);
  return toOutput(userId, row.type, input.externalId, row.id);
}

export async function removeSelectedCalendar({ userId }: Actor, input: TSelectedCalendarInput) {
  const { count } = await db.selectedCalendar.deleteMany({
    where: { ...selectedCalendarsOf({ userId }), integration: input.integration, externalId: input.externalId, credentialId: input.credentialId },
  });
  if (count === 0) throw new AppError("NOT_FOUND", "This calendar is not selected");
  await invalidateUserCalendars(userId);
  return toOutput(userId, input.integration, input.externalId, input.credentialId);
}

/** Makes a writable calendar of one of the user's `integration` credentials the destination of new bookings. */
export async function setDestinationCalendar({ userId }: Actor, input: TDestinationCalendarInput) {
  const rows = await listOwnedCredentials(userId, input.integration);
  for (const row of rows) {
    const calendar = (await calendarsOf(row)).find((candidate) => candidate.externalId === input.externalId);
    if (!calendar) continue;
    if (calendar.readOnly) throw new AppError("BAD_REQUEST", "This calendar is read-only; bookings cannot be written to it");
    await db.destinationCalendar.upsert({
      where: { userId },
      create: { userId, integration: row.type, externalId: calendar.externalId, credentialId: row.id },
      update: { integration: row.type, externalId: calendar.externalId, credentialId: row.id },
    });
    return toOutput(userId, row.type, calendar.externalId, row.id);
  }
  throw new AppError("NOT_FOUND", `No connected ${input.integration} calendar has this externalId`);
}
