/**
 * The attendee's side in Chromium on a phone-sized screen: a visitor books from /{username}, lands on /booking/{uid},
 * opens the manage link from the mail the SMTP receiver caught, reschedules (the host's CalDAV event moves in a real
 * Radicale, the webhook fires BOOKING_RESCHEDULED), then cancels (the slot is free again). A forged or reused link
 * changes nothing; a cancellation inside the notice window is refused with the reason shown. axe on each page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db } from "../../server/db/client";
import { fitsWidth, seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";
import { startRadicale, type Radicale } from "../support/radicale";
import { webhookReceiverForFile } from "../support/webhook-receiver";

test.use({ viewport: { width: 390, height: 844 }, timezoneId: "Europe/Paris", locale: "en-US" });
const receiver = webhookReceiverForFile();

let radicale: Radicale;
const PASSWORD = "app-specific-pw";
test.beforeAll(async () => {
  radicale = await startRadicale({ alice: PASSWORD });
});
test.afterAll(() => radicale.stop());

const CALENDAR_WRITE = { timeout: 15_000 };
const slotButton = (page: Page, start: Date) => page.locator(`button:has(time[datetime="${start.toISOString()}"])`);
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

/** The "View the booking" link of the latest mail to `to` with this subject: the manage link, token and all. */
async function manageLinkFromMail(to: string, subjectStart: string, uid: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = mailsTo(to).find((candidate) => candidate.subject.startsWith(subjectStart) && candidate.text.includes(`/booking/${uid}?token=`));
      link = mail ? new RegExp(`https?://[^\\s"]+/booking/${uid}\\?token=cnv_bm_[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0] : undefined;
      return link;
    }, CALENDAR_WRITE)
    .toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

const tokenOf = (link: string) => new URL(link, "http://x").searchParams.get("token")!;

async function callManage(request: APIRequestContext, action: "cancel" | "reschedule", input: object) {
  const response = await request.post(`/api/trpc/bookingManage.${action}`, { data: input });
  return { status: response.status(), message: ((await response.json()) as { error?: { message: string } }).error?.message };
}

test("book from /{username}, manage from the mail: reschedule moves the calendar event and fires the webhook, cancel frees the slot", async ({
  page,
  request,
}) => {
  // One long flow through booking, mail, calendar, webhook, reschedule and cancel: three times the usual time.
  test.slow();
  const { host, eventType, apiKey } = await makeHostWithEventType();
  const auth = { authorization: `Bearer ${apiKey}` };
  const work = await radicale.makeCalendar("alice", `work-${Date.now()}`, "Work");
  expect(
    (await request.post("/v2/calendars/apple/credentials", { headers: auth, data: { username: "alice", password: PASSWORD, url: radicale.url } })).status(),
  ).toBe(201);
  expect(
    (
      await request.post("/v2/webhooks", { headers: auth, data: { subscriberUrl: receiver().url("/moves"), triggers: ["BOOKING_RESCHEDULED"], active: true } })
    ).status(),
  ).toBe(201);
  const first = utcAt(1, 9);
  const second = utcAt(2, 10);
  const visitor = attendee("Ada Lovelace");

  await page.goto(`/${host.username}`);
  await page.getByRole("link", { name: /Intro call/ }).click();
  await slotButton(page, first).click();
  await page.getByLabel("Your name").fill(visitor.name);
  await page.getByLabel("E-mail").fill(visitor.email);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await page.waitForURL(/\/booking\/[0-9A-Za-z]{22}\?token=cnv_bm_/);
  const uid = new URL(page.url()).pathname.split("/")[2]!;
  const status = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "This meeting is scheduled" }) });
  await expect(status).toContainText("(Europe/Paris)");
  await expect(status).toContainText(`${visitor.name} (${visitor.email})`);
  await expect(page.getByRole("link", { name: "Google" })).toBeVisible();
  await expectAccessible(page);
  await expect.poll(async () => (await radicale.events(work, "alice")).map((event) => event.uid.split("@")[0]), CALENDAR_WRITE).toEqual([uid]);

  // The link from the mail, opened in a fresh page as the attendee would from their inbox.
  const firstLink = await manageLinkFromMail(visitor.email, "Booked:", uid);
  await page.goto(firstLink);
  await page.getByRole("link", { name: "Reschedule" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Pick a new time/ })).toBeVisible();
  await expect(slotButton(page, second)).toBeVisible();
  await expectAccessible(page);
  await slotButton(page, second).click();
  await page.getByRole("button", { name: "Confirm new time" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/booking/") && !url.pathname.includes(uid) && url.searchParams.has("token"));
  const nextUid = new URL(page.url()).pathname.split("/")[2]!;
  await expect(page.getByRole("heading", { name: "This meeting is scheduled" })).toBeVisible();
  expect(await db.booking.findUniqueOrThrow({ where: { uid } })).toMatchObject({ status: "CANCELLED", rescheduledToUid: nextUid });
  expect((await db.booking.findUniqueOrThrow({ where: { uid: nextUid } })).start.toISOString()).toBe(second.toISOString());
  await expect.poll(async () => (await radicale.events(work, "alice")).map((event) => event.start), CALENDAR_WRITE).toEqual([stamp(second)]);
  const [moved] = await receiver().waitFor("/moves", 1);
  expect(JSON.parse(moved!.body)).toMatchObject({ triggerEvent: "BOOKING_RESCHEDULED" });

  // The old link now opens only the old booking, which says where it went, and can change nothing.
  await page.goto(firstLink);
  await expect(page.getByRole("heading", { name: "This booking was rescheduled" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel this booking" })).toHaveCount(0);
  await expectAccessible(page);
  const oldToken = tokenOf(firstLink);
  expect(await callManage(request, "cancel", { uid, token: oldToken })).toMatchObject({ status: 403, message: expect.stringContaining("moved") });
  expect((await callManage(request, "cancel", { uid: nextUid, token: oldToken })).status).toBe(404);
  expect((await callManage(request, "reschedule", { uid: nextUid, token: oldToken, start: first.toISOString() })).status).toBe(404);
  const forged = await page.goto(`/booking/${nextUid}?token=cnv_bm_${"A".repeat(43)}`);
  expect(forged?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Open this booking from your mail" })).toBeVisible();
  expect((await page.goto(`/booking/${nextUid}`))?.status()).toBe(404);
  expect((await db.booking.findUniqueOrThrow({ where: { uid: nextUid } })).status).toBe("ACCEPTED");

  // The new booking's own link, from the "Rescheduled" mail: cancel with a reason.
  const nextLink = await manageLinkFromMail(visitor.email, "Rescheduled:", nextUid);
  await page.goto(nextLink);
  await page.getByRole("button", { name: "Cancel this booking" }).click();
  await page.getByLabel("Reason (optional)").fill("Travelling that week");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirm cancellation" }).click();
  await expect(page.getByRole("heading", { name: "This booking is cancelled" })).toBeVisible();
  await expect(page.getByText("Reason: Travelling that week")).toBeVisible();
  await expect(page.getByRole("link", { name: "Google" })).toHaveCount(0);
  await expectAccessible(page);
  expect(await db.booking.findUniqueOrThrow({ where: { uid: nextUid } })).toMatchObject({ status: "CANCELLED", cancellationReason: "Travelling that week" });
  await expect.poll(async () => (await radicale.events(work, "alice")).length, CALENDAR_WRITE).toBe(0);

  await page.goto(`/${host.username}/${eventType.slug}`);
  await expect(slotButton(page, second)).toBeVisible();
  await expect(slotButton(page, first)).toBeVisible();
});

test("a cancellation inside the event type's notice window is refused, and the page says why", async ({ page, request }) => {
  const { eventType } = await makeHostWithEventType({ eventType: { minimumCancellationNotice: 2 * 24 * 60 } });
  const visitor = attendee("Grace Hopper");
  const created = await request.post("/v2/bookings", {
    headers: { "svc-api-version": "2024-08-13" },
    data: { eventTypeId: eventType.id, start: utcAt(1, 11).toISOString(), attendee: visitor },
  });
  expect(created.status()).toBe(201);
  const { uid } = (await created.json()).data as { uid: string };
  const link = await manageLinkFromMail(visitor.email, "Booked:", uid);

  await page.goto(link);
  await expect(page.getByText("Cancelling: Cancelling closes 2 days before the start. Please contact the host.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel this booking" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Reschedule" })).toBeVisible();
  await expectAccessible(page);
  expect(await callManage(request, "cancel", { uid, token: tokenOf(link) })).toEqual({
    status: 403,
    message: "Cancelling closes 2 days before the start. Please contact the host.",
  });
  expect((await db.booking.findUniqueOrThrow({ where: { uid } })).status).toBe("ACCEPTED");
});
