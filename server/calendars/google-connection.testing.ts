/**
 * For service tests against the local stand-in for Google (e2e/support/fake-google.ts): the stand-in started for the
 * file, and a user's Google account connected through the real OAuth flow, as a browser would follow it.
 */
import { afterAll, beforeAll } from "vitest";
import { startFakeGoogle, type FakeGoogle } from "../../e2e/support/fake-google";
import { sessionActor } from "../auth/actor";
import type { Principal } from "../auth/principal";
import { completeOAuthConnection, getConnectUrl } from "./calendar-oauth.service";
import { listConnectedCalendars } from "./calendars.service";
import { ensureCalendarProviders } from "./register-busy-times";

export type GoogleTestEvent = { id: string; summary: string; location?: string; description?: string; start: { dateTime: string } };

const asUser = (userId: number): Principal => ({ userId, via: "api-key", credentialId: 0, scopes: null, oauthClientId: null });

/** Starts the stand-in before the file's tests and stops it after; returns connectGoogle for them. */
export function withFakeGoogle() {
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
    Object.assign(process.env, google.serverEnv);
    ensureCalendarProviders();
  });
  afterAll(() => google.stop());

  /** Connects the user's Google account and returns a reader of the events in its calendar. */
  async function connectGoogle(userId: number): Promise<() => Promise<GoogleTestEvent[]>> {
    const { authUrl } = await getConnectUrl(asUser(userId), "google", {});
    const answer = await fetch(authUrl, { redirect: "manual" });
    const callback = new URL(answer.headers.get("location")!);
    await completeOAuthConnection("google", Object.fromEntries(callback.searchParams));
    const email = (await listConnectedCalendars(sessionActor(userId))).connectedCalendars[0]!.calendars[0]!.externalId;
    return async () => ((await (await fetch(`${google.url}/__test/accounts/${encodeURIComponent(email)}`)).json()) as { events: GoogleTestEvent[] }).events;
  }
  return { connectGoogle, asUser };
}
