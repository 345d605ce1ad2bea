/** POST /v2/teams/{teamId}/invite over HTTP: 201 without the token, the link arrives over SMTP and opens its page, 409s, 403, 404. */
import { createHash } from "node:crypto";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { addMember, makeTeam } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";

test.afterAll(() => disconnectDb());

const INVITATION_KEYS = ["createdAt", "email", "expiresAt", "id", "role", "teamId"];

async function memberOf(teamId: number, role: "OWNER" | "ADMIN" | "MEMBER" | null) {
  const user = await makeUser({ name: `${role ?? "Outsider"} person` });
  if (role) await addMember(teamId, user.id, role);
  return { user, headers: { authorization: `Bearer ${await makeApiKey(user.id)}` } };
}

const address = (stem: string) => `${stem}-${Math.random().toString(36).slice(2)}@example.test`;

/** The invitation link in the mail the SMTP catcher received for `to`. */
async function linkMailedTo(to: string, teamName: string): Promise<string> {
  await expect.poll(() => mailsTo(to).some((mail) => mail.subject.includes(teamName)), { timeout: 60_000 }).toBe(true);
  const text = mailsTo(to).find((mail) => mail.subject.includes(teamName))!.text;
  const link = /https?:\/\/\S+\/teams\/invitations\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return link!;
}

test("an owner invites by e-mail: 201 with the link shown once (the peer's token and inviteLink), the same one mailed, which opens the invitation", async ({
  request,
}) => {
  const team = await makeTeam({ name: "Invite HTTP team" });
  const owner = await memberOf(team.id, "OWNER");
  const email = address("Invitee");

  const response = await request.post(`/v2/teams/${team.id}/invite`, { headers: owner.headers, data: { email, role: "ADMIN" } });
  expect(response.status()).toBe(201);
  const body = await response.json();
  expect(body.status).toBe("success");
  expect(Object.keys(body.data).sort()).toEqual([...INVITATION_KEYS, "inviteLink", "token"].sort());
  expect(body.data).toMatchObject({ teamId: team.id, email: email.toLowerCase(), role: "ADMIN" });
  expect(Date.parse(body.data.expiresAt) - Date.parse(body.data.createdAt)).toBeGreaterThan(6.9 * 24 * 3600_000);

  const link = await linkMailedTo(email.toLowerCase(), team.name);
  const token = link.split("/").at(-1)!;
  expect(body.data).toMatchObject({ token, inviteLink: link });
  // Shown once: listing the team's invitations never shows it again.
  const listed = await request.get(`/v2/teams/${team.id}/memberships`, { headers: owner.headers });
  expect(await listed.text()).not.toContain(token);
  const stored = await db.teamInvitation.findUniqueOrThrow({ where: { id: body.data.id }, select: { tokenHash: true } });
  expect(stored.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));

  const page = await request.get(new URL(link).pathname);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain("Invite HTTP team");
  expect(html).toContain("Create an account");
  const unknown = await request.get(`/teams/invitations/${token.slice(0, -2)}xx`);
  expect(unknown.status()).toBe(200);
  expect(await unknown.text()).toContain("This invitation link is not valid");
});

test("a pending invitation or an accepted member is a 409; bad input a 400; both change nothing", { tag: "@embedded" }, async ({ request }) => {
  const team = await makeTeam();
  const owner = await memberOf(team.id, "OWNER");
  const member = await memberOf(team.id, "MEMBER");
  const email = address("twice");
  expect((await request.post(`/v2/teams/${team.id}/invite`, { headers: owner.headers, data: { email } })).status()).toBe(201);

  const again = await request.post(`/v2/teams/${team.id}/invite`, { headers: owner.headers, data: { email: email.toUpperCase() } });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.message).toContain("pending invitation");
  const existing = await request.post(`/v2/teams/${team.id}/invite`, { headers: owner.headers, data: { email: member.user.email } });
  expect(existing.status()).toBe(409);
  expect((await existing.json()).error.message).toContain("already a member");

  const invalid = await request.post(`/v2/teams/${team.id}/invite`, { headers: owner.headers, data: { email: "not-an-address", role: "BOSS" } });
  expect(invalid.status()).toBe(400);
  const paths = (await invalid.json()).error.details.map((detail: { path: string }) => detail.path).sort();
  expect(paths).toEqual(["body.email", "body.role"]);
  expect(await db.teamInvitation.count({ where: { teamId: team.id } })).toBe(1);

  // Two at once for one new address: the one-pending index lets one in, the other is the same 409.
  const raced = address("raced");
  const statuses = await Promise.all(
    [raced, raced.toUpperCase()].map(async (email) =>
      (await request.post(`/v2/teams/${team.id}/invite`, { headers: owner.headers, data: { email } })).status(),
    ),
  );
  expect(statuses.sort()).toEqual([201, 409]);
  expect(await db.teamInvitation.count({ where: { teamId: team.id, email: raced } })).toBe(1);
});

test("a MEMBER is refused with 403, an ADMIN cannot invite an OWNER, an outsider gets 404", async ({ request }) => {
  const team = await makeTeam();
  await memberOf(team.id, "OWNER");
  const [admin, member, outsider] = await Promise.all([memberOf(team.id, "ADMIN"), memberOf(team.id, "MEMBER"), memberOf(team.id, null)]);

  const asMember = await request.post(`/v2/teams/${team.id}/invite`, { headers: member.headers, data: { email: address("m") } });
  expect(asMember.status()).toBe(403);
  const ownerByAdmin = await request.post(`/v2/teams/${team.id}/invite`, { headers: admin.headers, data: { email: address("o"), role: "OWNER" } });
  expect(ownerByAdmin.status()).toBe(403);
  expect((await ownerByAdmin.json()).error.message).toContain("OWNER");
  const asOutsider = await request.post(`/v2/teams/${team.id}/invite`, { headers: outsider.headers, data: { email: address("x") } });
  expect(asOutsider.status()).toBe(404);
  expect((await asOutsider.json()).error.message).toBe("Team not found");
  expect(await db.teamInvitation.count({ where: { teamId: team.id } })).toBe(0);

  expect((await request.post(`/v2/teams/${team.id}/invite`, { headers: admin.headers, data: { email: address("ok") } })).status()).toBe(201);
});
