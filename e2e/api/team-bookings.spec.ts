/**
 * GET /v2/teams/{teamId}/bookings over HTTP: the team's bookings (its event types' and their managed children's) with
 * the filters, sorts and pages of GET /v2/bookings, for its owners and admins; a member without the role is 403, an
 * outsider 404, and another team's bookings never show.
 */
import { randomBytes } from "node:crypto";
import { makeApiKey } from "../../prisma/factories";
import { attendee, utcAt } from "../../prisma/scheduling-factories";
import { makeTenancyWorld, makeTeamEventType } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

const bearer = async (userId: number) => ({ authorization: `Bearer ${await makeApiKey(userId)}` });

test("a team's bookings: filters, sorts, cursor pages; 403 for a plain member, 404 for an outsider", async ({ request }) => {
  const world = await makeTenancyWorld();
  const tag = randomBytes(3).toString("hex");
  const { owner, admin, member, outsider } = world.users;
  const call = await db.eventType.create({
    data: { teamId: world.team.id, title: "Call", slug: `call-${tag}`, lengthInMinutes: 30, minimumBookingNotice: 0, schedulingType: "ROUND_ROBIN" },
  });
  const demo = await db.eventType.create({ data: { teamId: world.team.id, title: "Demo", slug: `demo-${tag}`, lengthInMinutes: 30, minimumBookingNotice: 0 } });
  const child = await db.eventType.create({ data: { userId: member.id, parentId: call.id, title: "Call", slug: `call-${tag}`, lengthInMinutes: 30 } });
  const elsewhere = await makeTeamEventType({ hosts: 1, schedulingType: "ROUND_ROBIN" });

  const made: Record<string, string> = {};
  const book = async (name: string, eventTypeId: number, hostId: number, day: number, status: "ACCEPTED" | "CANCELLED" = "ACCEPTED") => {
    const start = utcAt(day, 9);
    const end = utcAt(day, 9, 30);
    const { name: who, email, timeZone } = attendee(name === "demo" ? "Grace Hopper" : "Ada Lovelace");
    const row = await db.booking.create({
      data: {
        eventTypeId,
        title: name,
        start,
        end,
        status,
        hosts: { create: [{ userId: hostId, start, end, isLive: status === "ACCEPTED" }] },
        attendees: { create: [{ name: who, email, timeZone }] },
      },
    });
    made[row.uid] = name;
  };
  await book("call", call.id, member.id, 3);
  await book("demo", demo.id, admin.id, 2, "CANCELLED");
  await book("child", child.id, member.id, 4);
  await book("elsewhere", elsewhere.eventType.id, elsewhere.hostIds[0]!, 2);

  const headers = await bearer(admin.id);
  const list = async (query = "") => {
    const response = await request.get(`/v2/teams/${world.team.id}/bookings${query}`, { headers });
    const body = await response.json();
    expect(response.status(), JSON.stringify(body)).toBe(200);
    expect(response.headers()["svc-api-version"]).toBe("2024-08-13");
    return body as { data: { uid: string; eventTypeId: number; status: string }[]; pagination: { totalItems: number; nextCursor?: string } };
  };
  const names = (body: Awaited<ReturnType<typeof list>>) => body.data.map(({ uid }) => made[uid]);

  expect(names(await list())).toEqual(["demo", "call", "child"]);
  expect(names(await list("?status=cancelled"))).toEqual(["demo"]);
  expect(names(await list("?status=upcoming"))).toEqual(["call", "child"]);
  expect(names(await list("?attendeeName=grace"))).toEqual(["demo"]);
  expect(names(await list(`?eventTypeId=${call.id}`))).toEqual(["call"]);
  expect(names(await list(`?eventTypeIds=${demo.id},${child.id}&sortStart=desc`))).toEqual(["child", "demo"]);
  expect(names(await list(`?afterStart=${encodeURIComponent(utcAt(3, 0).toISOString())}`))).toEqual(["call", "child"]);
  const first = await list("?take=2");
  expect(first.pagination).toMatchObject({ totalItems: 3, hasNextPage: true });
  expect(names(await list(`?take=2&cursor=${first.pagination.nextCursor}`))).toEqual(["child"]);
  expect(first.data[0]).toMatchObject({ status: "cancelled", eventTypeId: demo.id });

  const bad = await request.get(`/v2/teams/${world.team.id}/bookings?status=later&teamId=x`, { headers });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(["query.status", "query.teamId"]);

  const asMember = await request.get(`/v2/teams/${world.team.id}/bookings`, { headers: await bearer(member.id) });
  expect(asMember.status()).toBe(403);
  for (const userId of [outsider.id, world.users.invited.id]) {
    const response = await request.get(`/v2/teams/${world.team.id}/bookings`, { headers: await bearer(userId) });
    expect(response.status()).toBe(404);
    expect((await response.json()).error.message).toBe("Team not found");
  }
  // The owner of another team sees that team's bookings at its own route, never this one's.
  const ownerOfOther = (await db.membership.findFirstOrThrow({ where: { teamId: elsewhere.team.id, role: "OWNER" } })).userId;
  const theirs = await request.get(`/v2/teams/${elsewhere.team.id}/bookings`, { headers: await bearer(ownerOfOther) });
  expect((await theirs.json()).data.map(({ uid }: { uid: string }) => made[uid])).toEqual(["elsewhere"]);
  expect((await request.get(`/v2/teams/${world.team.id}/bookings`, { headers: await bearer(owner.id) })).status()).toBe(200);
});
