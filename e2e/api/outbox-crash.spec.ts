/**
 * The outbox survives a crash (issue 12): an instance whose workers are paused (JOBS_WORKERS=0, so the booking's jobs
 * are certainly still pending) takes a booking and is killed with SIGKILL right after the commit; a new instance over
 * the same database delivers the mails (to a real SMTP server), writes the CalDAV event (a real Radicale) and delivers
 * the event type's webhook (to a receiver that verifies it with `standardwebhooks`), each exactly once. On PostgreSQL (a database of its own, so the run's shared server cannot do the work) and on the
 * embedded PGlite under `npm start` (@npm-start: the embedded run), where the database dies with the app.
 */
import { randomBytes } from "node:crypto";
import { attendee, makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { applyMigrations } from "../../server/db/schema-engine";
import { createScratchDatabase } from "../../server/db/scratch-database";
import { expect, test } from "../support/fixtures";
import { at, WED } from "../support/ics-feeds";
import { mailsIn, startMailCatcher, type MailCatcher } from "../support/mail-catcher";
import { startNpmStart } from "../support/npm-start-server";
import { startRadicale, type Radicale } from "../support/radicale";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { postgresServerUrl, startServerProcess } from "../support/test-server";

const V = { "svc-api-version": "2024-08-13" };
const PASSWORD = "app-specific-pw";

type Instance = { baseUrl: string; databaseUrl: string; crash: () => Promise<void>; stop: () => Promise<void> };
/** Starts an app instance: over `previous`'s database when given, with its workers paused when `paused`. */
type Starter = (env: Record<string, string>, previous?: Instance) => Promise<Instance>;

let mail: MailCatcher;
let radicale: Radicale;
let receiver: WebhookReceiver;
test.beforeAll(async () => {
  [mail, radicale, receiver] = await Promise.all([startMailCatcher(), startRadicale({ dana: PASSWORD }), startWebhookReceiver()]);
});
test.afterAll(async () => {
  await Promise.all([mail.stop(), radicale.stop(), receiver.stop()]);
});

/** The spec's fixtures go to the instance's database, not the run's; the run's is restored afterwards. */
async function useDatabase(url: string, embedded: boolean) {
  await disconnectDb();
  process.env.DATABASE_URL = url;
  if (embedded) process.env.CONVENE_EMBEDDED_DB = "1";
  else delete process.env.CONVENE_EMBEDDED_DB;
}

async function jobStates(eventId: string): Promise<string[]> {
  // No workflow applies to the event type, so its booking queues no event.workflows job (bookable-row.ts mayHaveWorkflows).
  const rows = await db.$queryRawUnsafe<{ state: string }[]>(`SELECT state::text FROM pgboss.job WHERE data->>'eventId' = $1 ORDER BY name`, eventId);
  return rows.map(({ state }) => state);
}

async function crashAfterBooking(start: Starter, embedded: boolean) {
  const saved = { url: process.env.DATABASE_URL, embedded: process.env.CONVENE_EMBEDDED_DB };
  const env = { SMTP_URL: mail.smtpUrl, ALLOW_PRIVATE_NETWORK_URLS: "true", CALENDAR_ENCRYPTION_KEY: randomBytes(32).toString("base64") };
  const calendar = await radicale.makeCalendar("dana", `crash-${Date.now()}`, "Crash");
  let first: Instance | null = await start({ ...env, JOBS_WORKERS: "0" });
  let second: Instance | null = null;
  try {
    await useDatabase(first.databaseUrl, embedded);
    const { host, eventType, apiKey } = await makeHostWithEventType();
    const headers = { authorization: `Bearer ${apiKey}` };
    const connect = await fetch(`${first.baseUrl}/v2/calendars/apple/credentials`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ username: "dana", password: PASSWORD, url: radicale.url }),
    });
    expect(connect.status).toBe(201);
    const hookPath = `/crash-${eventType.id}-${embedded ? "embedded" : "pg"}`;
    const hook = await fetch(`${first.baseUrl}/v2/event-types/${eventType.id}/webhooks`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ subscriberUrl: receiver.url(hookPath), triggers: ["BOOKING_CREATED"], active: true }),
    });
    expect(hook.status).toBe(201);
    receiver.expectSecrets(hookPath, [((await hook.json()) as { data: { secret: string } }).data.secret]);
    const guest = attendee("Ada Lovelace");
    const created = await fetch(`${first.baseUrl}/v2/bookings`, {
      method: "POST",
      headers: { ...V, "content-type": "application/json" },
      body: JSON.stringify({ eventTypeId: eventType.id, start: at(WED, "15:00").toISOString(), attendee: guest }),
    });
    expect(created.status).toBe(201);
    const booking = (await created.json()).data as { id: number; uid: string; icsUid: string };
    const event = await db.domainEvent.findFirstOrThrow({ where: { bookingId: booking.id } });
    // By queue name: event.calendar-sync, event.mail, event.webhooks (no conferencing: the event type offers no video app).
    expect(await jobStates(event.id)).toEqual(["created", "created", "created"]);

    await disconnectDb();
    await first.crash();
    const crashed = first;
    first = null;
    expect(mailsIn(mail.directory, host.email)).toEqual([]);
    expect(await radicale.events(calendar, "dana")).toEqual([]);
    expect(receiver.deliveries(hookPath)).toEqual([]);

    second = await start(env, crashed);
    await useDatabase(second.databaseUrl, embedded);
    expect(await db.booking.count({ where: { uid: booking.uid } })).toBe(1);
    await expect.poll(() => jobStates(event.id), { timeout: 30_000 }).toEqual(["completed", "completed", "completed"]);
    for (const to of [host.email, guest.email])
      expect(
        mailsIn(mail.directory, to).map(({ subject }) => subject.split(":")[0]),
        to,
      ).toEqual(["Booked"]);
    expect((await radicale.events(calendar, "dana")).map(({ uid }) => uid)).toEqual([booking.icsUid]);
    expect(await db.bookingReference.count({ where: { bookingId: booking.id } })).toBe(1);
    const [delivery] = await receiver.waitFor(hookPath, 1, 30_000);
    expect(delivery!.verifiedWith).toHaveLength(1);
    expect(JSON.parse(delivery!.body)).toMatchObject({ triggerEvent: "BOOKING_CREATED", payload: { uid: booking.uid } });
    // Once: give a duplicate time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.deliveries(hookPath)).toHaveLength(1);
  } finally {
    await disconnectDb();
    if (saved.url === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved.url;
    if (saved.embedded === undefined) delete process.env.CONVENE_EMBEDDED_DB;
    else process.env.CONVENE_EMBEDDED_DB = saved.embedded;
    await Promise.all([first?.stop(), second?.stop()]);
  }
}

test("PostgreSQL: kill -9 after a booking's commit; after a restart its mails, calendar event and webhook arrive once", async () => {
  test.setTimeout(180_000);
  const database = await createScratchDatabase(postgresServerUrl(), "convene_crash");
  try {
    await applyMigrations(database.url);
    await crashAfterBooking(async (env) => ({ ...(await startServerProcess(database.url, env)), databaseUrl: database.url }), false);
  } finally {
    await database.drop();
  }
});

test(
  "embedded: kill -9 of npm start after a booking's commit; after a restart its mails, calendar event and webhook arrive once",
  { tag: "@npm-start" },
  async () => {
    test.setTimeout(600_000);
    let dataDir: string | undefined;
    await crashAfterBooking(async (env, previous) => {
      const server = await startNpmStart(env, previous ? dataDir : undefined);
      dataDir = server.dataDir;
      return server;
    }, true);
  },
);
