/** A user's default conferencing app: the built-in Jitsi Meet until the user picks another. */
import { db } from "../db/client";
import { BUILT_IN_APP, isConferencingApp, type ConferencingApp } from "./conferencing-apps";

export async function defaultAppOf(userId: number): Promise<ConferencingApp> {
  const row = await db.conferencingDefault.findUnique({ where: { userId }, select: { app: true } });
  return row && isConferencingApp(row.app) ? row.app : BUILT_IN_APP;
}

export async function storeDefaultApp(userId: number, app: ConferencingApp): Promise<void> {
  if (app === BUILT_IN_APP) await db.conferencingDefault.deleteMany({ where: { userId } });
  else await db.conferencingDefault.upsert({ where: { userId }, create: { userId, app }, update: { app } });
}

/** A disconnected app stops being the default (the built-in one takes over). */
export async function dropDefaultApp(userId: number, app: ConferencingApp): Promise<void> {
  await db.conferencingDefault.deleteMany({ where: { userId, app } });
}
