import { sessionActor } from "../auth/actor";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makeUser, uniqueEmail } from "@/prisma/factories";
import { mailsTo, startMailCatcher, type MailCatcher } from "../../e2e/support/mail-catcher";
import { createClient } from "../oauth/clients";

let catcher: MailCatcher;

// A real SMTP receiver on loopback; this file runs in its own worker, so SMTP_URL is set for it alone.
beforeAll(async () => {
  catcher = await startMailCatcher();
  process.env.SMTP_URL = catcher.smtpUrl;
  process.env.E2E_MAIL_DIR = catcher.directory;
});

afterAll(() => catcher.stop());

describe("mail over SMTP", () => {
  it("admins receive the pending-client notice through the SMTP server", async () => {
    const admin = await makeUser({ role: "ADMIN", email: uniqueEmail("smtp-admin") });
    const owner = await makeUser();
    await createClient(sessionActor(owner.id), {
      name: "SMTP app",
      websiteUrl: "https://smtp.example",
      redirectUris: ["https://smtp.example/cb"],
      scopes: ["PROFILE_READ"],
      purpose: "Mail test",
      type: "PUBLIC",
    });
    await vi.waitFor(() => expect(mailsTo(admin.email).map((mail) => mail.subject)).toContain("OAuth client waiting for review: SMTP app"));
  });
});
