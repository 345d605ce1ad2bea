/**
 * The attendee's manage link over HTTP, on PostgreSQL and on the embedded database (@embedded): a booking's mail
 * carries the link; it opens the booking's page, which a bare uid or a forged token does not; it cancels once, through
 * the same use case as POST /v2/bookings/{uid}/cancel, and the cancelled booking's page says so.
 * With SMTP (the PostgreSQL run) the mail is read from the receiver; without (npm start embedded) from the outbox.
 */
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { sentMailsTo } from "../support/sent-mail";

test.afterAll(() => disconnectDb());

async function mailTexts(to: string, subjectStart: string): Promise<string[]> {
  return (await sentMailsTo(to)).filter((mail) => mail.subject.startsWith(subjectStart)).map((mail) => mail.text);
}

async function linkFromMail(to: string, subjectStart: string, uid: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"]+/booking/${uid}\\?token=cnv_bm_[A-Za-z0-9_-]{43}`);
  let link: string | undefined;
  await expect
    .poll(async () => (link = (await mailTexts(to, subjectStart)).map((text) => pattern.exec(text)?.[0]).find(Boolean)), { timeout: 30_000 })
    .toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test("booking → manage link from the mail → cancel; a bare uid or a forged token opens and changes nothing", { tag: "@embedded" }, async ({ request }) => {
  const { eventType } = await makeHostWithEventType();
  const visitor = attendee("Ada Lovelace");
  const created = await request.post("/v2/bookings", {
    headers: { "svc-api-version": "2024-08-13" },
    data: { eventTypeId: eventType.id, start: utcAt(3, 10).toISOString(), attendee: visitor },
  });
  expect(created.status()).toBe(201);
  const { uid } = (await created.json()).data as { uid: string };
  const link = await linkFromMail(visitor.email, "Booked:", uid);
  const token = new URL(link, "http://x").searchParams.get("token")!;

  const page = await request.get(link);
  expect(page.status()).toBe(200);
  expect(page.headers()["referrer-policy"]).toBe("no-referrer");
  expect(await page.text()).toContain("This meeting is scheduled");
  for (const locked of [`/booking/${uid}`, `/booking/${uid}?token=cnv_bm_${"A".repeat(43)}`]) {
    const answer = await request.get(locked);
    expect(answer.status()).toBe(404);
    expect(await answer.text()).not.toContain(visitor.email);
  }

  const cancel = (data: object) => request.post("/api/trpc/bookingManage.cancel", { data });
  expect((await cancel({ uid, token: `cnv_bm_${"B".repeat(43)}` })).status()).toBe(404);
  expect((await db.booking.findUniqueOrThrow({ where: { uid } })).status).toBe("ACCEPTED");

  const done = await cancel({ uid, token, cancellationReason: "Something came up" });
  expect(done.status()).toBe(200);
  expect(await db.booking.findUniqueOrThrow({ where: { uid } })).toMatchObject({
    status: "CANCELLED",
    cancellationReason: "Something came up",
    cancelledByEmail: visitor.email,
  });
  const again = await cancel({ uid, token });
  expect(again.status()).toBe(403);
  expect((await again.json()).error.message).toBe("This booking is cancelled.");
  expect(await (await request.get(link)).text()).toContain("This booking is cancelled");

  const [cancelledMail] = await (async () => {
    await expect.poll(async () => (await mailTexts(visitor.email, "Cancelled:")).length, { timeout: 30_000 }).toBe(1);
    return mailTexts(visitor.email, "Cancelled:");
  })();
  expect(cancelledMail).toContain("Reason: Something came up");
  expect(cancelledMail).not.toContain("Add to calendar");
});
