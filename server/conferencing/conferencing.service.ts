/**
 * The user's conferencing apps: listing, the default, connecting and disconnecting. Shared by /v2/conferencing and the
 * site's /settings/conferencing. Each acts on the actor's own credentials only (the query names the actor's userId).
 * - jitsi is built in: nothing to connect or disconnect, always available, the default until another is chosen;
 * - zoom connects through Zoom's OAuth consent (zoom-oauth.service.ts);
 * - google-meet and office365-video ride on a connected Google / Outlook Calendar: connecting records the choice (a
 *   credential of type google_video / office365_video, as the peer does) and is refused while that calendar is missing.
 */
import type { Actor } from "../auth/actor";
import { encryptSecret } from "../calendars/credential-crypto";
import { db } from "../db/client";
import { AppError } from "../errors";
import { BUILT_IN_APP, CONFERENCING_APPS, type ConferencingApp, isConferencingApp } from "./conferencing-apps";
import { defaultAppOf, dropDefaultApp, storeDefaultApp } from "./conferencing-defaults";

const CONNECTED_TYPES = Object.values(CONFERENCING_APPS).map((app) => app.type as string);
const OUTPUT_SELECT = { id: true, type: true, userId: true, invalid: true } as const;

const appOfType = (type: string) => (Object.keys(CONFERENCING_APPS) as ConferencingApp[]).find((app) => CONFERENCING_APPS[app].type === type)!;

/** The actor's connected conferencing apps (credentials); the built-in Jitsi Meet needs none and is not listed. */
export async function listConferencingApps(actor: Actor) {
  return db.credential.findMany({ where: { userId: actor.userId, type: { in: CONNECTED_TYPES } }, select: OUTPUT_SELECT, orderBy: { id: "asc" } });
}

export async function getDefaultConferencingApp(actor: Actor) {
  return { appSlug: await defaultAppOf(actor.userId) };
}

async function isConnected(userId: number, app: ConferencingApp): Promise<boolean> {
  if (app === BUILT_IN_APP) return true;
  return (await db.credential.count({ where: { userId, type: CONFERENCING_APPS[app].type, invalid: false } })) > 0;
}

export async function setDefaultConferencingApp(actor: Actor, app: ConferencingApp): Promise<void> {
  if (!(await isConnected(actor.userId, app)))
    throw new AppError("BAD_REQUEST", `${CONFERENCING_APPS[app].title} is not connected; connect it before making it the default`, [
      { path: "params.app", message: `Connect ${app} first` },
    ]);
  await storeDefaultApp(actor.userId, app);
}

/** Google Meet / Teams: recorded once the calendar they need is connected. Zoom and Jitsi are refused with the way to go. */
export async function connectConferencingApp(actor: Actor, app: ConferencingApp) {
  const spec = CONFERENCING_APPS[app];
  if (spec.connect === "built-in")
    throw new AppError("BAD_REQUEST", `${spec.title} is built in: there is nothing to connect`, [{ path: "params.app", message: "Built in" }]);
  if (spec.connect === "oauth")
    throw new AppError("BAD_REQUEST", `${spec.title} connects through its OAuth consent: GET /v2/conferencing/${app}/oauth/auth-url`, [
      { path: "params.app", message: "Use the OAuth connection" },
    ]);
  const calendar = await db.credential.findFirst({ where: { userId: actor.userId, type: spec.calendar, invalid: false }, select: { id: true } });
  if (!calendar) {
    const name = spec.calendar === "google_calendar" ? "Google Calendar" : "Outlook Calendar";
    throw new AppError("BAD_REQUEST", `${spec.title} needs a connected ${name}: connect ${name} first`, [
      { path: "params.app", message: `Connect ${name} first` },
    ]);
  }
  const existing = await db.credential.findFirst({ where: { userId: actor.userId, type: spec.type }, select: OUTPUT_SELECT });
  if (existing) return db.credential.update({ where: { id: existing.id }, data: { invalid: false }, select: OUTPUT_SELECT });
  const owner = { userId: actor.userId, type: spec.type };
  return db.credential.create({
    data: { ...owner, appId: app, secret: encryptSecret(JSON.stringify({ calendarCredentialId: calendar.id }), owner) },
    select: OUTPUT_SELECT,
  });
}

export async function disconnectConferencingApp(actor: Actor, app: ConferencingApp): Promise<void> {
  if (app === BUILT_IN_APP)
    throw new AppError("BAD_REQUEST", "Jitsi Meet is built in and cannot be disconnected", [{ path: "params.app", message: "Built in" }]);
  const { count } = await db.credential.deleteMany({ where: { userId: actor.userId, type: CONFERENCING_APPS[app].type } });
  if (count === 0) throw new AppError("NOT_FOUND", `${CONFERENCING_APPS[app].title} is not connected`);
  await dropDefaultApp(actor.userId, app);
}

/** For the site: every app with whether the actor has it connected and which is the default. */
export async function conferencingOverview(actor: Actor) {
  const [connected, defaultApp] = await Promise.all([listConferencingApps(actor), defaultAppOf(actor.userId)]);
  return (Object.keys(CONFERENCING_APPS) as ConferencingApp[]).map((app) => {
    const credential = connected.find((row) => appOfType(row.type) === app);
    return {
      app,
      title: CONFERENCING_APPS[app].title,
      connect: CONFERENCING_APPS[app].connect,
      connected: app === BUILT_IN_APP || (credential !== undefined && !credential.invalid),
      invalid: credential?.invalid ?? false,
      isDefault: app === defaultApp,
    };
  });
}

export const parseConferencingApp = (value: string): ConferencingApp => {
  if (!isConferencingApp(value)) throw new AppError("NOT_FOUND", "No such conferencing app");
  return value;
};
