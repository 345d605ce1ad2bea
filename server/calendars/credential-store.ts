/**
 * Calendar credentials in the database: always encrypted (credential-crypto.ts), decrypted only into a
 * ConnectedCredential handed to an adapter. Tenancy is in every query: another user's credential is a 404.
 */
import { db } from "../db/client";
import { AppError } from "../errors";
import { log } from "../log";
import { CalendarError, type CalendarAdapter, type ConnectedCredential } from "./calendar-adapter";
import { invalidateUserCalendars } from "./calendar-cache";
import { calendarCredentialsOf } from "./calendar-access";
import { CALENDAR_APPS, isCalendarType, type CalendarType } from "./calendar-apps";
import { calDavAdapter } from "./caldav.adapter";
import { decryptSecret, encryptSecret, MissingCalendarKeyError } from "./credential-crypto";
import { googleAdapter } from "./google.adapter";
import { icsFeedAdapter } from "./ics-feed.adapter";
import { microsoftAdapter } from "./microsoft.adapter";

export const ADAPTERS: Record<CalendarType, CalendarAdapter<never>> = {
  "ics-feed_calendar": icsFeedAdapter as CalendarAdapter<never>,
  apple_calendar: calDavAdapter as CalendarAdapter<never>,
  google_calendar: googleAdapter as CalendarAdapter<never>,
  office365_calendar: microsoftAdapter as CalendarAdapter<never>,
};

export const CREDENTIAL_SELECT = {
  id: true,
  userId: true,
  type: true,
  appId: true,
  secret: true,
  invalid: true,
  user: { select: { timeZone: true } },
} as const;
export type CredentialRow = { id: number; userId: number; type: string; appId: string; secret: string; invalid: boolean; user: { timeZone: string } };

/** The peer API's credential output: CreateIcsFeedOutput, DeletedCalendarCredentialsOutputDto. */
export const toCredentialOutput = (row: Pick<CredentialRow, "id" | "type" | "userId" | "appId" | "invalid">) => ({
  id: row.id,
  type: row.type,
  userId: row.userId,
  teamId: null,
  appId: row.appId,
  invalid: row.invalid,
});

/** The decrypted secret; a CalendarError("auth") when it cannot be read (e.g. encrypted under another key). */
function readSecret<S>(row: CredentialRow, adapter: CalendarAdapter<S>): S {
  try {
    return adapter.secretSchema.parse(JSON.parse(decryptSecret(row.secret, { userId: row.userId, type: row.type })));
  } catch (error) {
    if (error instanceof MissingCalendarKeyError) throw error;
    throw new CalendarError("auth", "The stored calendar credential cannot be read; connect the calendar again");
  }
}

/** Decrypts and checks a credential row; throws when its type is unknown or the secret cannot be read. */
export function connect<S>(row: CredentialRow): { credential: ConnectedCredential<S>; adapter: CalendarAdapter<S> } {
  if (!isCalendarType(row.type)) throw new Error(`Credential ${row.id} is not a calendar credential (${row.type})`);
  const type = row.type;
  const adapter = ADAPTERS[type] as unknown as CalendarAdapter<S>;
  const secret = readSecret(row, adapter);
  const credential: ConnectedCredential<S> = {
    id: row.id,
    userId: row.userId,
    type,
    secret,
    ownerTimeZone: row.user.timeZone,
    saveSecret: async (next) => {
      await db.credential.update({
        where: { id: row.id },
        data: { secret: encryptSecret(JSON.stringify(next), { userId: row.userId, type }), invalid: false },
      });
      await invalidateUserCalendars(row.userId);
    },
  };
  return { credential, adapter };
}

/** The user's credential `credentialId` (of `type`, when given); NOT_FOUND otherwise. */
export async function getOwnedCredential(userId: number, credentialId: number, type?: CalendarType): Promise<CredentialRow> {
  const row = await db.credential.findFirst({
    where: { id: credentialId, ...calendarCredentialsOf({ userId }, type) },
    select: CREDENTIAL_SELECT,
  });
  if (!row) throw new AppError("NOT_FOUND", "Calendar credential not found");
  return row;
}

export async function listOwnedCredentials(userId: number, type?: CalendarType): Promise<CredentialRow[]> {
  return db.credential.findMany({ where: calendarCredentialsOf({ userId }, type), select: CREDENTIAL_SELECT, orderBy: { id: "asc" } });
}

export async function markCredentialValidity(row: { id: number; userId: number }, isValid: boolean, reason?: string): Promise<void> {
  const { count } = await db.credential.updateMany({ where: { id: row.id, invalid: isValid }, data: { invalid: !isValid } });
  if (count === 0) return;
  log.warn(isValid ? "calendar credential works again" : "calendar credential marked invalid", { credentialId: row.id, reason });
  await invalidateUserCalendars(row.userId);
}

/** The secret of a stored credential, or null when it cannot be read (for "same account again?" lookups). */
export function storedSecret<S>(row: CredentialRow): S | null {
  try {
    return connect<S>(row).credential.secret;
  } catch (error) {
    if (error instanceof MissingCalendarKeyError) throw error;
    return null;
  }
}

/** Encrypts `secret` for a new credential row, or for `existingId` (same account connected again). */
export async function storeCredential(userId: number, type: CalendarType, secret: unknown, existingId?: number): Promise<CredentialRow> {
  const encrypted = encryptSecret(JSON.stringify(secret), { userId, type });
  if (existingId !== undefined) {
    return db.credential.update({ where: { id: existingId }, data: { secret: encrypted, invalid: false }, select: CREDENTIAL_SELECT });
  }
  return db.credential.create({ data: { userId, type, appId: CALENDAR_APPS[type].appId, secret: encrypted }, select: CREDENTIAL_SELECT });
}
