/**
 * Workflows from outside, on the running app: a reminder workflow on an event type e-mails and texts the attendee at
 * its offset (the SMS reaching the Twilio stand-in, e2e/support/fake-twilio.ts, in Twilio's wire format), a
 * reschedule moves it, a cancellation drops it; a STOP reply through Twilio's signed webhook stops SMS to the number;
 * what Convene cannot do is refused by name.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { bearer, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { sentMailsTo } from "../support/sent-mail";

test.afterAll(() => disconnectDb());

const MINUTE = 60_000;
const TWILIO = () => process.env.E2E_FAKE_TWILIO_URL!;
type Sms = { to: string; body: string; dateCreated: string };
const texts = async (to: string): Promise<Sms[]> => ((await (await fetch(`${TWILIO()}/__test/messages`)).json()) as Sms[]).filter((sms) => sms.to === to);
const phone = () => `+1415${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;

/** The first half-hour boundary at least `minutes` ahead (the host works all day, so it is a slot). */
const slotAhead = (minutes: number) => new Date(Math.ceil((Date.now() + minutes * MINUTE) / (30 * MINUTE)) * 30 * MINUTE);

const steps = [
  {
    action: "email_attendee",
    stepNumber: 1,
    recipient: "attendee",
    template: "reminder",
    sender: "Convene",
    includeCalendarEvent: false,
    message: { subject: "Soon: {EVENT_NAME}", html: "<p>{ATTENDEE}, we meet at {EVENT_TIME} ({TIMEZONE}). Reschedule: {RESCHEDULE_URL}</p>" },
  },
  {
    action: "sms_attendee",
    stepNumber: 2,
    recipient: "attendee",
    template: "reminder",
    sender: "Convene",
    message: { subject: "", text: "{EVENT_NAME} at {EVENT_TIME} {TIMEZONE}" },
  },
];

async function hostWithWorkflow(request: APIRequestContext, offsetMinutes: number) {
  const { eventType, apiKey } = await makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
  const response = await request.post("/v2/workflows", {
    headers: bearer(apiKey),
    data: {
      name: "Just before",
      activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [eventType.id] },
      trigger: { type: "beforeEvent", offset: { value: offsetMinutes, unit: "minute" } },
      steps,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { eventType, apiKey, workflow: (await response.json()).data };
}

async function book(request: APIRequestContext, eventTypeId: number, start: Date, attendee: object) {
  const response = await request.post("/v2/bookings", { headers: V, data: { eventTypeId, start: start.toISOString(), attendee } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number; uid: string; title: string; start: string };
}

const remindersOf = (uid: string) =>
  db.workflowReminder.findMany({ where: { booking: { uid } }, orderBy: { id: "asc" }, select: { status: true, scheduledFor: true, sentAt: true } });

test("a booking 70 minutes ahead gets its reminder e-mail and SMS at the offset, in the attendee's zone", async ({ request }) => {
  test.setTimeout(180_000);
  const start = slotAhead(70);
  // An offset that puts the reminder 15 to 75 seconds from now: the test sees it sent at its time, not at booking.
  const offset = Math.floor((start.getTime() - Date.now() - 15_000) / MINUTE);
  const { eventType } = await hostWithWorkflow(request, offset);
  const attendee = { name: "Ada Lovelace", email: `ada-${randomBytes(4).toString("hex")}@example.test`, timeZone: "Asia/Tokyo", phoneNumber: phone() };
  const booking = await book(request, eventType.id, start, attendee);
  const due = new Date(start.getTime() - offset * MINUTE);

  await expect.poll(() => remindersOf(booking.uid).then((rows) => rows.map(({ status }) => status)), { timeout: 30_000 }).toEqual(["SCHEDULED", "SCHEDULED"]);
  expect((await remindersOf(booking.uid)).map(({ scheduledFor }) => scheduledFor.getTime())).toEqual([due.getTime(), due.getTime()]);
  expect(await texts(attendee.phoneNumber)).toEqual([]);

  await expect.poll(() => texts(attendee.phoneNumber).then((list) => list.length), { timeout: 120_000, intervals: [1000] }).toBe(1);
  await expect
    .poll(() => sentMailsTo(attendee.email).then((mails) => mails.filter(({ subject }) => subject.startsWith("Soon:")).length), { timeout: 30_000 })
    .toBe(1);
  const tokyo = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Tokyo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(start);
  const [sms] = await texts(attendee.phoneNumber);
  expect(sms!.body).toBe(`${booking.title} at ${tokyo} Asia/Tokyo`);
  const mail = (await sentMailsTo(attendee.email)).find(({ subject }) => subject.startsWith("Soon:"))!;
  expect(mail.subject).toBe(`Soon: ${booking.title}`);
  expect(mail.text).toContain(`Ada Lovelace, we meet at ${tokyo} (Asia/Tokyo). Reschedule: http`);
  // Sent at the offset, not when the booking was made.
  for (const { status, sentAt } of await remindersOf(booking.uid)) {
    expect(status).toBe("SENT");
    expect(sentAt!.getTime()).toBeGreaterThanOrEqual(due.getTime());
  }
});

test("rescheduling moves the reminders to the new time and cancelling drops them", async ({ request }) => {
  const { eventType, apiKey } = await hostWithWorkflow(request, 60);
  const attendee = { name: "Grace Hopper", email: `grace-${randomBytes(4).toString("hex")}@example.test`, timeZone: "Europe/Paris", phoneNumber: phone() };
  const booking = await book(request, eventType.id, slotAhead(180), attendee);
  await expect.poll(() => remindersOf(booking.uid).then((rows) => rows.length), { timeout: 30_000 }).toBe(2);

  const later = slotAhead(600);
  const moved = await request.post(`/v2/bookings/${booking.uid}/reschedule`, { headers: bearer(apiKey), data: { start: later.toISOString() } });
  expect(moved.status(), await moved.text()).toBe(201);
  const newUid = (await moved.json()).data.uid as string;
  await expect.poll(() => remindersOf(booking.uid).then((rows) => rows.map(({ status }) => status)), { timeout: 30_000 }).toEqual(["CANCELLED", "CANCELLED"]);
  await expect
    .poll(() => remindersOf(newUid).then((rows) => rows.map(({ status, scheduledFor }) => [status, scheduledFor.getTime()])), { timeout: 30_000 })
    .toEqual([
      ["SCHEDULED", later.getTime() - 60 * MINUTE],
      ["SCHEDULED", later.getTime() - 60 * MINUTE],
    ]);

  const cancelled = await request.post(`/v2/bookings/${newUid}/cancel`, { headers: bearer(apiKey), data: { cancellationReason: "Plans changed" } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect.poll(() => remindersOf(newUid).then((rows) => rows.map(({ status }) => status)), { timeout: 30_000 }).toEqual(["CANCELLED", "CANCELLED"]);
});

test("a STOP reply through Twilio's signed webhook stops SMS to that number; a forged one changes nothing", async ({ request, baseURL }) => {
  const number = phone();
  const forged = await request.post("/api/sms/twilio", {
    headers: { "x-twilio-signature": "bm90IGEgc2lnbmF0dXJl" },
    form: { From: number, Body: "STOP", To: "+15005550006" },
  });
  expect(forged.status()).toBe(403);
  expect(await db.smsOptOut.findUnique({ where: { phoneNumber: number } })).toBeNull();

  const reply = async (body: string) =>
    (await (
      await fetch(`${TWILIO()}/__test/reply`, { method: "POST", body: JSON.stringify({ webhookUrl: `${baseURL}/api/sms/twilio`, from: number, body }) })
    ).json()) as {
      status: number;
    };
  expect(await reply("Stop")).toEqual({ status: 200 });
  expect(await db.smsOptOut.findUnique({ where: { phoneNumber: number } })).not.toBeNull();
  expect(await reply("START")).toEqual({ status: 200 });
  expect(await db.smsOptOut.findUnique({ where: { phoneNumber: number } })).toBeNull();
});

test("refuses by name what Convene cannot do, and another user's workflow is a 404", async ({ request }) => {
  const { apiKey, workflow } = await hostWithWorkflow(request, 60);
  const { eventType: stranger, apiKey: strangerKey } = await makeHostWithEventType();
  const create = (data: object, key = apiKey) => request.post("/v2/workflows", { headers: bearer(key), data });
  const base = { name: "Nope", activation: { isActiveOnAllEventTypes: true }, trigger: { type: "newEvent" }, steps: [steps[0]] };

  const whatsapp = await create({ ...base, steps: [{ ...steps[1], action: "whatsapp_number" }] });
  expect(whatsapp.status()).toBe(400);
  expect(JSON.stringify(await whatsapp.json())).toContain("WhatsApp is not supported");
  const paid = await create({ ...base, trigger: { type: "bookingPaid" } });
  expect(paid.status()).toBe(400);
  expect(JSON.stringify(await paid.json())).toContain("nothing would ever fire it");
  const notMine = await create({ ...base, activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [stranger.id] } });
  expect(notMine.status()).toBe(400);
  const stranger2 = await create({ ...base, steps: [{ ...steps[0], action: "email_address", email: "someone@elsewhere.test" }] });
  expect(stranger2.status()).toBe(400);
  expect(JSON.stringify(await stranger2.json())).toContain("must be your own address");

  expect((await request.get(`/v2/workflows/${workflow.id}`, { headers: bearer(strangerKey) })).status()).toBe(404);
  expect((await request.delete(`/v2/workflows/${workflow.id}`, { headers: bearer(strangerKey) })).status()).toBe(404);
  expect((await request.get(`/v2/workflows/${workflow.id}`, { headers: bearer(apiKey) })).status()).toBe(200);
});
