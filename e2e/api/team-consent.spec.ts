/**
 * Membership is consent (issue 19), over HTTP: an outsider with an API key and a team of their own adds another
 * user. The user is mailed an invitation (SMTP catcher) and answers it through the site's invitation API (tRPC, with
 * their session); until they accept, nothing of theirs is reachable through the team, and the answers never tell
 * a known user id from an unknown one.
 */
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { mailsTo } from "../support/mail-catcher";
import { logIn } from "../support/web-session";

test.afterAll(() => disconnectDb());

type Victim = Awaited<ReturnType<typeof victim>>;

/** A user with something to lose: a schedule, an out-of-office note, a personal booking page. */
async function victim() {
  const user = await makeUser({ name: "Vera Victim" });
  const schedule = await db.schedule.create({ data: { userId: user.id, name: "Vera's hours", timeZone: "UTC" } });
  const entry = await db.outOfOffice.create({
    data: { userId: user.id, start: new Date(Date.UTC(2031, 3, 1)), end: new Date(Date.UTC(2031, 3, 2)), notes: "Vera's note" },
  });
  return { user, scheduleId: schedule.id, oooId: entry.id };
}

/** An outsider: an API key and a team of their own, made through the API. */
async function outsiderWithTeam(request: APIRequestContext) {
  const user = await makeUser();
  const headers = { authorization: `Bearer ${await makeApiKey(user.id)}` };
  const created = await request.post("/v2/teams", { headers, data: { name: `Outsider team ${user.id}`, slug: `outsider-${user.id}` } });
  expect(created.status()).toBe(201);
  return { user, headers, teamId: (await created.json()).data.id as number, teamName: `Outsider team ${user.id}` };
}

/** The invitation token in the newest mail to `email` about `teamName`, as the SMTP catcher received it. */
async function tokenMailedTo(email: string, teamName: string) {
  await expect.poll(() => mailsTo(email).some((mail) => mail.subject.includes(teamName)), { timeout: 15_000 }).toBe(true);
  const text = mailsTo(email).findLast((mail) => mail.subject.includes(teamName))!.text;
  return /\/teams\/invitations\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
}

/** The invitee, signed in to the site in a context of their own, answering through the invitation API. */
async function answer(
  { playwright }: Pick<PlaywrightWorkerArgs, "playwright">,
  user: Victim["user"],
  procedure: "acceptInvitation" | "declineInvitation",
  token: string,
) {
  const session = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    await logIn(session, user.email);
    const response = await session.post(`/api/trpc/teams.${procedure}`, { data: { token } });
    return { status: response.status(), body: await response.json() };
  } finally {
    await session.dispose();
  }
}

async function expectNothingReachable(request: APIRequestContext, outsider: Awaited<ReturnType<typeof outsiderWithTeam>>, target: Victim) {
  const base = `/v2/teams/${outsider.teamId}`;
  const headers = outsider.headers;
  const oooBody = { start: "2031-05-01T00:00:00Z", end: "2031-05-02T00:00:00Z" };
  for (const [method, path, data] of [
    ["GET", `${base}/users/${target.user.id}/ooo`],
    ["POST", `${base}/users/${target.user.id}/ooo`, oooBody],
    ["PATCH", `${base}/users/${target.user.id}/ooo/${target.oooId}`, { notes: "Overwritten" }],
    ["DELETE", `${base}/users/${target.user.id}/ooo/${target.oooId}`],
  ] as const) {
    const response = await request.fetch(path, { method, headers, data });
    expect(response.status(), `${method} ${path}`).toBe(404);
  }
  const schedules = await request.get(`${base}/schedules`, { headers });
  expect((await schedules.json()).data.map(({ id }: { id: number }) => id)).not.toContain(target.scheduleId);
  const hosted = await request.post(`${base}/event-types`, {
    headers,
    data: { title: "Trap", slug: `trap-${target.user.id}`, lengthInMinutes: 30, schedulingType: "roundRobin", hosts: [{ userId: target.user.id }] },
  });
  expect(hosted.status()).toBe(400);
  const memberships = await (await request.get(`${base}/memberships`, { headers })).text();
  for (const secret of [target.user.email, target.user.name, target.user.username]) expect(memberships).not.toContain(secret);
  expect(await db.outOfOffice.findMany({ where: { userId: target.user.id }, select: { id: true, notes: true } })).toEqual([
    { id: target.oooId, notes: "Vera's note" },
  ]);
}

test(
  "accepted: true from an outsider: POST invites (201, pending, the same answer whoever the id names), PATCH is a 400 on body.accepted",
  { tag: "@embedded" },
  async ({ request }) => {
    const [outsider, target] = await Promise.all([outsiderWithTeam(request), victim()]);
    const answers = [];
    for (const userId of [target.user.id, 2_000_000_000]) {
      const invited = await request.post(`/v2/teams/${outsider.teamId}/memberships`, { headers: outsider.headers, data: { userId, accepted: true } });
      expect(invited.status()).toBe(201);
      const { id: _id, userId: _userId, ...answer } = (await invited.json()).data;
      answers.push(answer);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ accepted: false, user: { email: "" }, invitation: { status: "pending", acceptedRequested: true } });
    expect(await db.teamInvitation.count({ where: { teamId: outsider.teamId } })).toBe(2);
    expect(await db.membership.count({ where: { teamId: outsider.teamId, userId: target.user.id } })).toBe(0);
    await request.delete(
      `/v2/teams/${outsider.teamId}/memberships/${(await db.teamInvitation.findFirstOrThrow({ where: { teamId: outsider.teamId, userId: target.user.id } })).id}`,
      {
        headers: outsider.headers,
      },
    );

    const pending = await request.post(`/v2/teams/${outsider.teamId}/memberships`, { headers: outsider.headers, data: { userId: target.user.id } });
    const { id } = (await pending.json()).data;
    const patched = await request.patch(`/v2/teams/${outsider.teamId}/memberships/${id}`, { headers: outsider.headers, data: { accepted: true } });
    expect(patched.status()).toBe(400);
    expect((await patched.json()).error.details).toEqual([{ path: "body.accepted", message: expect.any(String) }]);
    await expectNothingReachable(request, outsider, target);
  },
);

test("adding a user invites them: pending without profile, the same answer for an unknown id; they accept and the membership is active", async ({
  request,
  playwright,
}) => {
  const [outsider, target] = await Promise.all([outsiderWithTeam(request), victim()]);
  const added = await request.post(`/v2/teams/${outsider.teamId}/memberships`, { headers: outsider.headers, data: { userId: target.user.id, role: "ADMIN" } });
  expect(added.status()).toBe(201);
  const pending = (await added.json()).data;
  expect(pending).toEqual({
    id: expect.any(Number),
    userId: target.user.id,
    teamId: outsider.teamId,
    accepted: false,
    role: "ADMIN",
    user: { email: "" },
    invitation: { status: "pending", acceptedRequested: false, message: expect.stringContaining("invited by e-mail") },
  });
  const unknown = await request.post(`/v2/teams/${outsider.teamId}/memberships`, { headers: outsider.headers, data: { userId: 1_999_999_999, role: "ADMIN" } });
  expect(unknown.status()).toBe(201);
  expect((await unknown.json()).data).toEqual({ ...pending, id: expect.any(Number), userId: 1_999_999_999 });
  const listed = await (await request.get(`/v2/teams/${outsider.teamId}/memberships`, { headers: outsider.headers })).json();
  expect(listed.data.filter(({ accepted }: { accepted: boolean }) => !accepted).map(({ userId }: { userId: number }) => userId)).toEqual([
    target.user.id,
    1_999_999_999,
  ]);
  await expectNothingReachable(request, outsider, target);

  const token = await tokenMailedTo(target.user.email, outsider.teamName);
  expect((await answer({ playwright }, outsider.user, "acceptInvitation", token)).status).toBe(403);
  const accepted = await answer({ playwright }, target.user, "acceptInvitation", token);
  expect(accepted.status).toBe(200);
  const membership = await request.get(`/v2/teams/${outsider.teamId}/memberships/${pending.id}`, { headers: outsider.headers });
  expect((await membership.json()).data).toMatchObject({ id: pending.id, accepted: true, role: "ADMIN", user: { email: target.user.email } });
  const ooo = await request.get(`/v2/teams/${outsider.teamId}/users/${target.user.id}/ooo`, { headers: outsider.headers });
  expect(ooo.status()).toBe(200);
  const schedules = await (await request.get(`/v2/teams/${outsider.teamId}/schedules`, { headers: outsider.headers })).json();
  expect(schedules.data.map(({ id }: { id: number }) => id)).toContain(target.scheduleId);
});

test("declining grants nothing, kills the link, and a second invitation waits for a revocation", async ({ request, playwright }) => {
  const [outsider, target] = await Promise.all([outsiderWithTeam(request), victim()]);
  const added = await request.post(`/v2/teams/${outsider.teamId}/memberships`, { headers: outsider.headers, data: { userId: target.user.id } });
  const { id } = (await added.json()).data;
  const token = await tokenMailedTo(target.user.email, outsider.teamName);
  expect((await answer({ playwright }, target.user, "declineInvitation", token)).status).toBe(200);
  const page = await request.get(`/teams/invitations/${token}`);
  expect(await page.text()).toContain("This invitation has been declined");
  const late = await answer({ playwright }, target.user, "acceptInvitation", token);
  expect(late.status).toBe(409);
  await expectNothingReachable(request, outsider, target);
  const again = await request.post(`/v2/teams/${outsider.teamId}/memberships`, { headers: outsider.headers, data: { userId: target.user.id } });
  expect(again.status()).toBe(409);
  expect((await request.delete(`/v2/teams/${outsider.teamId}/memberships/${id}`, { headers: outsider.headers })).status()).toBe(200);
  expect((await request.post(`/v2/teams/${outsider.teamId}/memberships`, { headers: outsider.headers, data: { userId: target.user.id } })).status()).toBe(201);
});
