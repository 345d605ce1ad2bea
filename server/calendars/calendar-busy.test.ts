/**
 * ICS feeds end to end at the service level (real PostgreSQL, a feed served on loopback): saving,
 * encryption at rest, busy times through the provider slots use, the cache and its invalidation, the
 * answer budget for a slow feed, and a feed that starts refusing access.
 */
import { sessionActor } from "../auth/actor";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db } from "../db/client";
import { externalBusyTimes } from "./busy-times";
import { ANSWER_BUDGET_MS } from "./calendar-busy";
import { invalidateUserCalendars, readUserCalendars } from "./calendar-cache";
import { checkIcsFeed, listConnectedCalendars, saveIcsFeed } from "./calendars.service";
import { ensureCalendarProviders } from "./register-busy-times";
import { addSelectedCalendar, removeSelectedCalendar } from "./selected-calendars.service";

process.env.ALLOW_PRIVATE_NETWORK_URLS = "true";

const DAY = "2026-12-10";
const feed = (start: string, end: string) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:test", "BEGIN:VEVENT", "UID:busy-1", `DTSTART:${start}`, `DTEND:${end}`, "END:VEVENT", "END:VCALENDAR", ""].join(
    "\r\n",
  );
const range = { start: new Date(`${DAY}T00:00:00Z`), end: new Date(`${DAY}T23:59:00Z`) };

let server: http.Server;
let base = "";
const hits = new Map<string, number>();
const behaviour = new Map<string, { status?: number; delayMs?: number }>();

beforeAll(async () => {
  ensureCalendarProviders();
  server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const { status = 200, delayMs = 0 } = behaviour.get(path) ?? {};
    setTimeout(() => {
      response.writeHead(status, { "content-type": "text/calendar" });
      response.end(status === 200 ? feed("20261210T100000Z", "20261210T110000Z") : "no");
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const busyOf = async (userId: number) => (await externalBusyTimes([userId], range, { timeoutMs: 5_000 })).filter((block) => block.source === "calendars");
const ten = { start: new Date(`${DAY}T10:00:00Z`), end: new Date(`${DAY}T11:00:00Z`) };

describe("ICS feeds", () => {
  it("are stored encrypted, selected by default, and feed busy times; the cache spares the feed", async () => {
    const user = await makeUser();
    const url = `${base}/feed-a.ics?token=s3cret`;
    const saved = await saveIcsFeed(sessionActor(user.id), { urls: [url], readOnly: true });
    expect(saved).toMatchObject({ type: "ics-feed_calendar", appId: "ics-feed", userId: user.id, teamId: null, invalid: false });

    const row = await db.credential.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row.secret).not.toContain("s3cret");
    const { connectedCalendars } = await listConnectedCalendars(sessionActor(user.id));
    expect(connectedCalendars[0]!.calendars).toEqual([
      expect.objectContaining({ name: "127.0.0.1", isSelected: true, readOnly: true, credentialId: saved.id }),
    ]);
    expect(JSON.stringify(connectedCalendars)).not.toContain("s3cret");

    expect(await busyOf(user.id)).toEqual([expect.objectContaining(ten)]);
    // The cache stores nothing until its LISTEN connection is up (listening-cache.ts), which takes a moment longer on
    // a busy machine: once it is, an answer is stored and the next one reads no feed.
    await vi.waitFor(
      async () => {
        const before = hits.get("/feed-a.ics?token=s3cret");
        expect(await busyOf(user.id)).toEqual([expect.objectContaining(ten)]);
        expect(hits.get("/feed-a.ics?token=s3cret")).toBe(before);
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it("deselecting and selecting takes effect on the next request", async () => {
    const user = await makeUser();
    const saved = await saveIcsFeed(sessionActor(user.id), { urls: [`${base}/feed-b.ics`], readOnly: true });
    const [calendar] = (await listConnectedCalendars(sessionActor(user.id))).connectedCalendars[0]!.calendars;
    const selection = { integration: "ics-feed_calendar", externalId: calendar!.externalId, credentialId: saved.id };
    expect(await busyOf(user.id)).toHaveLength(1);
    await busyOf(user.id);

    await removeSelectedCalendar(sessionActor(user.id), selection);
    expect(await busyOf(user.id)).toEqual([]);
    await expect(removeSelectedCalendar(sessionActor(user.id), selection)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await addSelectedCalendar(sessionActor(user.id), selection);
    expect(await busyOf(user.id)).toHaveLength(1);

    const stranger = await makeUser();
    await expect(addSelectedCalendar(sessionActor(stranger.id), selection)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a slow feed costs one answer its busy times, then serves from the cache", async () => {
    const user = await makeUser();
    await saveIcsFeed(sessionActor(user.id), { urls: [`${base}/slow.ics`], readOnly: true });
    await busyOf(user.id); // brings the cache's listener up
    await invalidateUserCalendars(user.id);
    behaviour.set("/slow.ics", { delayMs: ANSWER_BUDGET_MS + 700 });

    const startedAt = performance.now();
    expect(await busyOf(user.id)).toEqual([]);
    expect(performance.now() - startedAt).toBeLessThan(ANSWER_BUDGET_MS + 500);
    // The fetch completes in the background and fills the cache: waited for, not slept on (a loaded machine is slower).
    await vi.waitFor(() => expect(readUserCalendars(user.id).busy.size).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
    const hitsBefore = hits.get("/slow.ics");
    expect(await busyOf(user.id)).toEqual([expect.objectContaining(ten)]);
    expect(hits.get("/slow.ics")).toBe(hitsBefore);
  });

  it("a feed that starts refusing access marks the credential invalid and is no longer asked", async () => {
    const user = await makeUser();
    const saved = await saveIcsFeed(sessionActor(user.id), { urls: [`${base}/revoked.ics`], readOnly: true });
    behaviour.set("/revoked.ics", { status: 403 });
    expect(await busyOf(user.id)).toEqual([]);
    expect((await db.credential.findUniqueOrThrow({ where: { id: saved.id } })).invalid).toBe(true);
    const hitsBefore = hits.get("/revoked.ics");
    await busyOf(user.id);
    expect(hits.get("/revoked.ics")).toBe(hitsBefore);
  });

  it("a secret that no longer decrypts (another key) marks the credential invalid, with a reason in the listing", async () => {
    const user = await makeUser();
    const saved = await saveIcsFeed(sessionActor(user.id), { urls: [`${base}/rekeyed.ics`], readOnly: true });
    const other = await saveIcsFeed(sessionActor((await makeUser()).id), { urls: [`${base}/rekeyed.ics`], readOnly: true });
    const foreign = await db.credential.findUniqueOrThrow({ where: { id: other.id } });
    await db.credential.update({ where: { id: saved.id }, data: { secret: foreign.secret } }); // encrypted for another owner
    const [listed] = (await listConnectedCalendars(sessionActor(user.id))).connectedCalendars;
    expect(listed).toMatchObject({ invalid: true, error: expect.stringContaining("connect the calendar again") });
    expect((await db.credential.findUniqueOrThrow({ where: { id: saved.id } })).invalid).toBe(true);
  });

  it("refuses to save what is not a feed, and checks a URL without saving it", async () => {
    const user = await makeUser();
    behaviour.set("/missing.ics", { status: 404 });
    await expect(saveIcsFeed(sessionActor(user.id), { urls: [`${base}/missing.ics`], readOnly: true })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      details: [{ path: "body.urls.0", message: "The feed answered 404" }],
    });
    expect(await checkIcsFeed(sessionActor(user.id), `${base}/feed-c.ics`)).toEqual({ url: `${base}/feed-c.ics`, valid: true, events: 1 });
    await expect(checkIcsFeed(sessionActor(user.id), undefined)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db.credential.count({ where: { userId: user.id } })).toBe(0);
  });
});
