/**
 * /v2/teams/{teamId}/event-types over HTTP: CRUD and refusals, managed copies in the members' own lists,
 * assignAllTeamMembers following memberships added and removed through the API, a round robin created here and
 * then booked through slots and bookings, and create-phone-call against the Retell stand-in (and a second server
 * with no provider configured).
 */
import type { APIRequestContext } from "@playwright/test";
import { attendee, makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { acceptPendingMembership } from "../support/service-invitations";
import { REFUSED_FROM, FAKE_PHONE_CALL_AGENT, type RecordedCall } from "../support/fake-phone-calls";
import { futureWednesday, nextDay } from "../support/future-days";
import { startSideServer } from "../support/test-server";

test.afterAll(() => disconnectDb());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A team made over HTTP by its owner, with an ADMIN and a MEMBER added (accepted); each has working hours 09–17 UTC. */
async function makeTeam(request: APIRequestContext) {
  const [owner, admin, member] = await Promise.all([makeHostWithEventType(), makeHostWithEventType(), makeHostWithEventType()]);
  const headers = { owner: bearer(owner.apiKey), admin: bearer(admin.apiKey), member: bearer(member.apiKey) };
  const created = await request.post("/v2/teams", { headers: headers.owner, data: { name: "Event team", slug: `event-team-${owner.host.id}` } });
  expect(created.status()).toBe(201);
  const teamId = (await created.json()).data.id as number;
  for (const [user, role] of [
    [admin, "ADMIN"],
    [member, "MEMBER"],
  ] as const) {
    const added = await request.post(`/v2/teams/${teamId}/memberships`, { headers: headers.owner, data: { userId: user.host.id, role } });
    expect(added.status()).toBe(201);
    await acceptPendingMembership(teamId, user.host.id);
  }
  const base = `/v2/teams/${teamId}/event-types`;
  return { teamId, base, owner, admin, member, headers };
}

const ownSlugs = async (request: APIRequestContext, headers: Record<string, string>) =>
  ((await (await request.get("/v2/event-types", { headers })).json()).data as { slug: string; title: string }[]).map(({ slug, title }) => `${slug}:${title}`);

test("CRUD: create a round robin, read it as a member, update, delete; members may not write", async ({ request }) => {
  const { base, teamId, headers, owner, member } = await makeTeam(request);
  const created = await request.post(base, {
    headers: headers.admin,
    data: {
      title: "Sales call",
      slug: "sales-call",
      lengthInMinutes: 30,
      schedulingType: "roundRobin",
      hosts: [
        { userId: owner.host.id, priority: "high" },
        { userId: member.host.id, mandatory: true },
      ],
      locations: [{ type: "link", link: "https://meet.example.test/sales" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventType = (await created.json()).data;
  expect(eventType).toMatchObject({ teamId, ownerId: null, schedulingType: "roundRobin", assignAllTeamMembers: false, slug: "sales-call" });
  expect(eventType.hostDetails).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ userId: owner.host.id, mandatory: false, priority: "high" }),
      expect.objectContaining({ userId: member.host.id, mandatory: true, priority: "medium" }),
    ]),
  );
  expect(eventType.hosts.sort()).toEqual([owner.host.username, member.host.username].sort());

  const listed = await (await request.get(base, { headers: headers.member })).json();
  expect(listed.data.map((row: { id: number }) => row.id)).toEqual([eventType.id]);
  expect((await request.get(`${base}/${eventType.id}`, { headers: headers.member })).status()).toBe(200);
  expect((await request.patch(`${base}/${eventType.id}`, { headers: headers.member, data: { title: "Mine" } })).status()).toBe(403);

  const patched = await request.patch(`${base}/${eventType.id}`, {
    headers: headers.owner,
    data: { title: "Sales intro", hosts: [{ userId: owner.host.id }] },
  });
  expect(patched.status()).toBe(200);
  expect((await patched.json()).data).toMatchObject({ title: "Sales intro", hosts: [owner.host.username] });

  const deleted = await request.delete(`${base}/${eventType.id}`, { headers: headers.admin });
  expect((await deleted.json()).data).toEqual({ id: eventType.id, teamId, title: "Sales intro", slug: "sales-call", lengthInMinutes: 30 });
  expect((await request.get(`${base}/${eventType.id}`, { headers: headers.admin })).status()).toBe(404);
  // The team's event type never showed in anyone's personal list.
  expect(await ownSlugs(request, headers.owner)).not.toContainEqual(expect.stringContaining("sales-call"));
});

test("refusals are 400s that name the field and write nothing", async ({ request }) => {
  const { base, headers, teamId } = await makeTeam(request);
  const outsider = await makeHostWithEventType();
  const valid = { title: "Call", slug: "call", lengthInMinutes: 30, schedulingType: "collective" };
  const cases: [Record<string, unknown>, string][] = [
    [{ ...valid, schedulingType: undefined }, "body.schedulingType"],
    [{ ...valid, schedulingType: "fixed" }, "body.schedulingType"],
    [{ ...valid, hosts: [{ userId: outsider.host.id, priority: "urgent" }] }, "body.hosts.0.priority"],
    [{ ...valid, hosts: [{ userId: outsider.host.id }] }, "body.hosts.0.userId"],
    [{ ...valid, assignAllTeamMembers: true, hosts: [{ userId: outsider.host.id }] }, "body.hosts"],
    [{ ...valid, hosts: "everyone" }, "body.hosts"],
    [{ ...valid, seats: { seatsPerTimeSlot: 4 } }, "body.seats"],
  ];
  for (const [data, path] of cases) {
    const response = await request.post(base, { headers: headers.admin, data });
    expect(response.status(), JSON.stringify(data)).toBe(400);
    const { error } = await response.json();
    expect(error.details.map((detail: { path: string }) => detail.path)).toContain(path);
  }
  const stranger = await request.post(base, { headers: headers.admin, data: { ...valid, hosts: [{ userId: outsider.host.id }] } });
  expect((await stranger.json()).error.message).toContain(`user ${outsider.host.id}`);
  expect(await db.eventType.count({ where: { teamId } })).toBe(0);
  expect((await request.post(base, { headers: headers.admin, data: valid })).status()).toBe(201);
  expect((await request.post(base, { headers: headers.admin, data: valid })).status()).toBe(409);
});

test("managed: each host gets their own copy, which follows the parent and goes with it", async ({ request }) => {
  const { base, headers, admin, member } = await makeTeam(request);
  const clash = await request.post(base, {
    headers: headers.admin,
    data: { title: "Onboarding", slug: member.eventType.slug, lengthInMinutes: 45, schedulingType: "managed", hosts: [{ userId: member.host.id }] },
  });
  expect(clash.status()).toBe(409);
  expect((await clash.json()).error.message).toContain(member.host.username);

  const created = await request.post(base, {
    headers: headers.admin,
    data: {
      title: "Onboarding",
      slug: "onboarding",
      lengthInMinutes: 45,
      schedulingType: "managed",
      hosts: [{ userId: member.host.id }, { userId: admin.host.id }],
    },
  });
  expect(created.status()).toBe(201);
  const parent = (await created.json()).data;
  expect(parent.schedulingType).toBe("managed");
  expect(await ownSlugs(request, headers.member)).toContain("onboarding:Onboarding");

  await request.patch(`${base}/${parent.id}`, { headers: headers.admin, data: { title: "Welcome" } });
  expect(await ownSlugs(request, headers.member)).toContain("onboarding:Welcome");
  expect(await ownSlugs(request, headers.admin)).toContain("onboarding:Welcome");

  await request.patch(`${base}/${parent.id}`, { headers: headers.admin, data: { hosts: [{ userId: admin.host.id }] } });
  expect(await ownSlugs(request, headers.member)).not.toContain("onboarding:Welcome");

  expect((await request.delete(`${base}/${parent.id}`, { headers: headers.admin })).status()).toBe(200);
  expect(await ownSlugs(request, headers.admin)).not.toContain("onboarding:Welcome");
});

test("assignAllTeamMembers follows memberships added and removed through the API", async ({ request }) => {
  const { base, teamId, headers, owner, admin, member } = await makeTeam(request);
  const created = await request.post(base, {
    headers: headers.owner,
    data: { title: "All hands", slug: "all-hands", lengthInMinutes: 30, schedulingType: "collective", assignAllTeamMembers: true },
  });
  const { id } = (await created.json()).data;
  const hostIds = async () =>
    ((await (await request.get(`${base}/${id}`, { headers: headers.owner })).json()).data.hostDetails as { userId: number }[])
      .map(({ userId }) => userId)
      .sort();
  expect(await hostIds()).toEqual([owner.host.id, admin.host.id, member.host.id].sort());

  const newcomer = await makeHostWithEventType();
  const added = await request.post(`/v2/teams/${teamId}/memberships`, { headers: headers.owner, data: { userId: newcomer.host.id } });
  expect(await hostIds()).not.toContain(newcomer.host.id);
  await acceptPendingMembership(teamId, newcomer.host.id);
  expect(await hostIds()).toContain(newcomer.host.id);
  const removed = await request.delete(`/v2/teams/${teamId}/memberships/${(await added.json()).data.id}`, { headers: headers.admin });
  expect(removed.status()).toBe(200);
  expect(await hostIds()).toEqual([owner.host.id, admin.host.id, member.host.id].sort());
});

test("a round robin created through the API has slots and is booked with one of its hosts", async ({ request }) => {
  const { base, headers, owner, member } = await makeTeam(request);
  const created = await request.post(base, {
    headers: headers.admin,
    data: {
      title: "Demo",
      slug: "demo",
      lengthInMinutes: 30,
      minimumBookingNotice: 0,
      schedulingType: "roundRobin",
      hosts: [{ userId: owner.host.id }, { userId: member.host.id }],
    },
  });
  const { id } = (await created.json()).data;
  const day = futureWednesday();
  const slots = await request.get(`/v2/slots/available?eventTypeId=${id}&startTime=${day}T00:00:00Z&endTime=${nextDay(day)}T00:00:00Z`);
  expect(slots.status()).toBe(200);
  const times = ((await slots.json()).data.slots[day] ?? []) as { time: string }[];
  expect(times.map(({ time }) => time.slice(11, 16))).toContain("09:00");
  const booked = await request.post("/v2/bookings", { data: { eventTypeId: id, start: `${day}T09:00:00.000Z`, attendee: attendee() } });
  expect(booked.status(), await booked.text()).toBe(201);
  const hosts = ((await booked.json()).data.hosts as { id: number }[]).map((host) => host.id);
  expect(hosts).toHaveLength(1);
  expect([owner.host.id, member.host.id]).toContain(hosts[0]);
});

test.describe("create-phone-call", () => {
  const body = {
    yourPhoneNumber: "+14155550100",
    numberToCall: "+14155550123",
    calApiKey: "cal_live_secret_of_the_caller",
    enabled: true,
    templateType: "CUSTOM_TEMPLATE",
    guestName: "Ada",
  };

  async function teamEventType(request: APIRequestContext) {
    const team = await makeTeam(request);
    const created = await request.post(team.base, {
      headers: team.headers.admin,
      data: { title: "Check-in", slug: "check-in", lengthInMinutes: 15, schedulingType: "collective" },
    });
    return { ...team, url: `${team.base}/${(await created.json()).data.id}/create-phone-call` };
  }

  test("places the call with the provider and forwards nothing of calApiKey; a provider failure is a 502", async ({ request }) => {
    const { url, headers } = await teamEventType(request);
    const placed = await request.post(url, { headers: headers.admin, data: body });
    expect(placed.status(), await placed.text()).toBe(201);
    const { callId, agentId } = (await placed.json()).data;
    expect(agentId).toBe(FAKE_PHONE_CALL_AGENT);
    const calls = (await (await request.get(`${process.env.E2E_FAKE_PHONE_CALLS_URL}/__test/calls`)).json()) as RecordedCall[];
    const eventTypeId = url.split("/")[5];
    const sent = calls.find((call) => (call.body.retell_llm_dynamic_variables as Record<string, string>).eventTypeId === eventTypeId);
    expect(sent?.body).toMatchObject({
      from_number: "+14155550100",
      override_agent_id: FAKE_PHONE_CALL_AGENT,
      retell_llm_dynamic_variables: { guestName: "Ada" },
    });
    expect(JSON.stringify(calls)).not.toContain("cal_live_secret_of_the_caller");
    expect(callId).toMatch(/^call_/);

    const refused = await request.post(url, { headers: headers.admin, data: { ...body, yourPhoneNumber: REFUSED_FROM } });
    expect(refused.status()).toBe(502);
    expect((await refused.json()).error.message).toContain("not found");
    expect((await request.post(url, { headers: headers.member, data: body })).status()).toBe(403);
  });

  test("a server with no provider configured answers 400 saying so", async ({ request }) => {
    const { url, headers } = await teamEventType(request);
    const server = await startSideServer({ PHONE_CALL_API_KEY: "" });
    try {
      const response = await request.post(`${server.baseUrl}${url}`, { headers: headers.admin, data: body });
      expect(response.status()).toBe(400);
      expect((await response.json()).error.message).toContain("not configured");
    } finally {
      await server.stop();
    }
  });
});
