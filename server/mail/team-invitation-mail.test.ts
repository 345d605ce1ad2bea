import { describe, expect, it } from "vitest";
import { teamInvitationMail } from "./team-invitation-mail";

const letter = { to: "ada@example.test", teamName: "Crew", inviterName: "Grace", role: "MEMBER", link: "https://convene.test/i/x" };

describe("teamInvitationMail", () => {
  it("writes the expiry in the recipient's zone, naming it, not as a GMT timestamp", () => {
    const mail = teamInvitationMail({ ...letter, expiresAt: new Date("2026-12-14T23:30:00Z"), timeZone: "Asia/Tokyo" });
    expect(mail.text).toContain("(Asia/Tokyo)");
    expect(mail.text).toMatch(/December 15, 2026/);
    expect(mail.text).not.toContain("GMT");
  });
});
