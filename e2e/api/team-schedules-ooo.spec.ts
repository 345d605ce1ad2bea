/**
 * Team schedules and team members' out-of-office over HTTP: GET /v2/teams/{teamId}/schedules and
 * /v2/teams/{teamId}/users/{userId}/ooo[/{oooId}] for the team's owners and admins (a plain member 403, an outsider
 * 404, a user who is not an accepted member 404, a redirect to a non-member 400), and the redirect at work: a
 * round-robin booking made while the only free host is away lands on the member their out-of-office names.
 */
import { randomBytes } from "node:crypto";
import { makeApiKey } from "../../prisma/factories";
import { attendee, utcAt } from "../../prisma/scheduling-factories";
import { makeTeamEventType, makeTenancyWorld, makeWorkingMember } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const bearer = async (userId: number) => ({ authorization: `Bearer ${await makeApiKey(userId)}` });
const span = (day: number) => ({ start: utcAt(day, 0).toISOString(), end: utcAt(day + 1, 0).toISOString() });

test("team schedules: the members' schedules for admins; 403 for a plain member, 404 for an outsider", async ({ request }) => {
  const world = await makeTenancyWorld();
  const { admin, member, outsider } = world.users;
  for (const userId of [member.id, outsider.id]) {
    await db.schedule.create({
      data: { userId, name: `Hours ${userId}`, timeZone: "UTC", entries: { create: [{ days: [1], startMinute: 540, endMinute: 600 }] } },
    });
  }
  const url = `/v2/teams/${world.team.id}/schedules`;
  const response = await request.get(`${url}?take=10`, { headers: await bearer(admin.id) });
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(200);
  expect(body.data).toEqual([
    expect.objectContaining({ ownerId: member.id, name: `Hours ${member.id}`, availability: [{ days: ["Monday"], startTime: "09:00", endTime: "10:00" }] }),
  ]);
  expect(body.pagination).toMatchObject({ totalItems: 1 });
  expect((await request.get(url, { headers: await bearer(member.id) })).status()).toBe(403);
  expect((await request.get(url, { headers: await bearer(outsider.id) })).status()).toBe(404);
});

test("team members' out-of-office: admins manage a member's entries; non-members 404, redirects outside the team 400", async ({ request }) => {
  const world = await makeTenancyWorld();
  const { owner, admin, member, invited, outsider } = world.users;
  const headers = await bearer(admin.id);
  const base = (userId: number) => `/v2/teams/${world.team.id}/users/${userId}/ooo`;

  const created = await request.post(base(member.id), { headers, data: { ...span(5), reason: "vacation", toUserId: owner.id } });
  const entry = (await created.json()).data;
  expect(created.status(), JSON.stringify(entry)).toBe(201);
  expect(entry).toMatchObject({ userId: member.id, toUserId: owner.id, reason: "vacation", notes: null });
  // The member sees it as their own.
  expect((await (await request.get("/v2/me/ooo", { headers: await bearer(member.id) })).json()).data).toEqual([entry]);

  for (const userId of [invited.id, outsider.id, world.users.orgAdmin.id, 2_000_000_000]) {
    const response = await request.post(base(userId), { headers, data: span(5) });
    expect(response.status(), `user ${userId}`).toBe(404);
    expect((await request.get(base(userId), { headers })).status()).toBe(404);
  }
  for (const toUserId of [outsider.id, invited.id]) {
    const response = await request.post(base(member.id), { headers, data: { ...span(9), toUserId } });
    expect(response.status()).toBe(400);
    expect((await response.json()).error.details).toEqual([expect.objectContaining({ path: "body.toUserId" })]);
  }
  expect(await db.outOfOffice.count({ where: { userId: { in: [member.id, invited.id, outsider.id] } } })).toBe(1);

  const patched = await request.patch(`${base(member.id)}/${entry.id}`, { headers, data: { notes: "Back Monday", toUserId: null } });
  expect((await patched.json()).data).toMatchObject({ id: entry.id, notes: "Back Monday", toUserId: null });
  expect((await request.patch(`${base(member.id)}/${entry.id}`, { headers, data: { toUserId: outsider.id } })).status()).toBe(400);
  const listed = await (await request.get(`${base(member.id)}?sortStart=desc`, { headers })).json();
  expect(listed.data.map(({ id }: { id: number }) => id)).toEqual([entry.id]);

  expect((await request.get(base(member.id), { headers: await bearer(member.id) })).status()).toBe(403);
  expect((await request.delete(`${base(member.id)}/${entry.id}`, { headers: await bearer(outsider.id) })).status()).toBe(404);
  // Addressed under another member, the entry does not exist.
  expect((await request.delete(`${base(owner.id)}/${entry.id}`, { headers })).status()).toBe(404);
  const deleted = await request.delete(`${base(member.id)}/${entry.id}`, { headers });
  expect(deleted.status()).toBe(200);
  expect(await db.outOfOffice.count({ where: { id: entry.id } })).toBe(0);
});

test(
  "round robin: with the only free host away and redirecting, the slot is offered and the booking lands on the redirect target",
  { tag: "@embedded" },
  async ({ request }) => {
    const { team, eventType, hostIds } = await makeTeamEventType({ hosts: 2, schedulingType: "ROUND_ROBIN" });
    const [busy, away] = hostIds as [number, number];
    const target = await makeWorkingMember(team.id);
    const start = utcAt(2, 10);
    const end = utcAt(2, 10, 30);
    await db.booking.create({
      data: { uid: randomBytes(8).toString("hex"), title: "Elsewhere", status: "ACCEPTED", start, end, hosts: { create: [{ userId: busy, start, end }] } },
    });
    const slotsAt10 = async () => {
      const query = new URLSearchParams({ eventTypeId: String(eventType.id), startTime: start.toISOString(), endTime: end.toISOString() });
      const body = await (await request.get(`/v2/slots/available?${query}`)).json();
      return Object.values(body.data.slots as Record<string, { time: string }[]>).flat().length;
    };

    const ownerHeaders = await bearer(busy); // the first host is the team's OWNER
    const away10 = await request.post(`/v2/teams/${team.id}/users/${away}/ooo`, { headers: ownerHeaders, data: span(2) });
    expect(away10.status()).toBe(201);
    expect(await slotsAt10()).toBe(0);
    const redirected = await request.patch(`/v2/teams/${team.id}/users/${away}/ooo/${(await away10.json()).data.id}`, {
      headers: ownerHeaders,
      data: { toUserId: target.id },
    });
    expect(redirected.status()).toBe(200);
    expect(await slotsAt10()).toBe(1);

    const booked = await request.post("/v2/bookings", { data: { eventTypeId: eventType.id, start: start.toISOString(), attendee: attendee() } });
    const booking = (await booked.json()).data;
    expect(booked.status(), JSON.stringify(booking)).toBe(201);
    expect(booking.hosts.map(({ id }: { id: number }) => id)).toEqual([target.id]);
    expect(await slotsAt10()).toBe(0);
  },
);
