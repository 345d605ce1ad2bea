/** Booking mails as they arrive over SMTP (the run's mail catcher): each change with the .ics a mail client acts on. */
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { disconnectDb } from "../../server/db/client";
import { bearer, bookOverHttp, V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";

test.afterAll(() => disconnectDb());

const icsStamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
/** The decoded text (body and .ics) of the first mail to `to` whose subject starts with `prefix`, once it has arrived. */
async function mailText(to: string, prefix: string): Promise<string> {
  // Mails go out from the job queue: on a loaded run they may wait behind other bookings' jobs.
  await expect.poll(() => mailsTo(to).some((mail) => mail.subject.startsWith(prefix)), { timeout: 30_000 }).toBe(true);
  return mailsTo(to).find((mail) => mail.subject.startsWith(prefix))!.text;
}

test("cancel: host and attendee get METHOD:CANCEL for the booking's UID", async ({ request }) => {
  const { host, eventType } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 9));
  expect((await request.post(`/v2/bookings/${booking.uid}/cancel`, { headers: V, data: { cancellationReason: "Ill" } })).status()).toBe(200);
  for (const to of [host.email, booking.attendees[0]!.email]) {
    const text = await mailText(to, "Cancelled:");
    expect(text).toContain("METHOD:CANCEL");
    expect(text).toContain(`UID:${booking.icsUid}`);
    expect(text).toContain("Reason: Ill");
  }
});

test("reschedule: an invitation at the new time, and METHOD:CANCEL withdrawing the old UID", async ({ request }) => {
  const { host, eventType } = await makeHostWithEventType();
  const old = await bookOverHttp(request, eventType.id, utcAt(2, 10));
  const moved = await request.post(`/v2/bookings/${old.uid}/reschedule`, { headers: V, data: { start: utcAt(3, 11).toISOString() } });
  const next = (await moved.json()).data as { icsUid: string; start: string };
  for (const to of [host.email, old.attendees[0]!.email]) {
    const invitation = await mailText(to, "Rescheduled:");
    expect(invitation).toContain(`UID:${next.icsUid}`);
    expect(invitation).toContain(`DTSTART:${icsStamp(next.start)}`);
    expect(invitation).toContain("METHOD:REQUEST");
    const withdrawal = await mailText(to, "Moved:");
    expect(withdrawal).toContain(`UID:${old.icsUid}`);
    expect(withdrawal).toContain("METHOD:CANCEL");
  }
});

test("pending: a tentative request; confirm and decline mail the attendee", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType({ eventType: { requiresConfirmation: true } });
  const first = await bookOverHttp(request, eventType.id, utcAt(2, 12));
  const requested = await mailText(first.attendees[0]!.email, "Requested:");
  expect(requested).toContain("STATUS:TENTATIVE");
  expect(mailsTo(first.attendees[0]!.email).some((mail) => mail.subject.startsWith("Booked:"))).toBe(false);
  await request.post(`/v2/bookings/${first.uid}/confirm`, { headers: bearer(apiKey) });
  const confirmed = await mailText(first.attendees[0]!.email, "Confirmed:");
  expect(confirmed).toContain("STATUS:CONFIRMED");

  const second = await bookOverHttp(request, eventType.id, utcAt(2, 13));
  await request.post(`/v2/bookings/${second.uid}/decline`, { headers: bearer(apiKey), data: { reason: "Away" } });
  const declined = await mailText(second.attendees[0]!.email, "Declined:");
  expect(declined).toContain("METHOD:CANCEL");
  expect(declined).toContain("Reason: Away");
});
