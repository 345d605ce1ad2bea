import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uniqueEmail } from "@/prisma/factories";
import { mailsTo, startMailCatcher, type MailCatcher } from "../../e2e/support/mail-catcher";
import { db } from "../db/client";
import { sendQueuedMails } from "./mail-queue";

let catcher: MailCatcher;

// A real SMTP receiver on loopback; this file runs in its own worker, so SMTP_URL is set for it alone.
beforeAll(async () => {
  catcher = await startMailCatcher();
  process.env.SMTP_URL = catcher.smtpUrl;
  process.env.E2E_MAIL_DIR = catcher.directory;
});

afterAll(() => catcher.stop());

describe("mail over SMTP", () => {
  // The rows are written without a job, so no other test file's job runner (without SMTP) can take them first.
  it("a queued mail goes through the SMTP server once, however often its job runs, and its row is deleted", async () => {
    const to = uniqueEmail("smtp-queued");
    const row = await db.queuedMail.create({ data: { to, subject: "Queued over SMTP", text: "One-time link: https://convene.test/x\n" } });
    await sendQueuedMails({ mailIds: [row.id] });
    await sendQueuedMails({ mailIds: [row.id] });
    await vi.waitFor(() => expect(mailsTo(to).map((mail) => mail.subject)).toEqual(["Queued over SMTP"]));
    expect(await db.queuedMail.count({ where: { id: row.id } })).toBe(0);
    expect(await db.outboxMail.count({ where: { to } })).toBe(0);
  });
});
