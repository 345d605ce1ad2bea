/**
 * An organization's main flow over HTTP, on PostgreSQL and on the embedded database (@embedded): its admin adds users,
 * gives them working hours, creates a team of the organization with a round-robin event type over them, someone books
 * it, and the booking shows in the organization's list (and its team's), to its admins only.
 */
import { randomBytes } from "node:crypto";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { utcAt, attendee } from "../../prisma/scheduling-factories";
import { addMember, makeTeam } from "../../prisma/team-factories";
import { expect, test } from "../support/fixtures";

const V = { "svc-api-version": "2024-08-13" };
const ALL_WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

test(
  "an organization's admin adds users and a team with a round-robin event type; its booking lists as the organization's",
  { tag: "@embedded" },
  async ({ request }) => {
    // Some twenty requests one after another, three of them writing several rows: a loaded machine needs more than 60 s.
    test.setTimeout(180_000);
    const org = await makeTeam({ isOrganization: true });
    const admin = await makeUser();
    await addMember(org.id, admin.id, "ADMIN");
    const member = await makeUser();
    await addMember(org.id, member.id, "MEMBER");
    const asAdmin = { ...V, authorization: `Bearer ${await makeApiKey(admin.id)}` };
    const tag = randomBytes(4).toString("hex");
    const ORG = `/v2/organizations/${org.id}`;

    // Two users created in the organization, each given round-the-clock hours by the admin.
    const hostIds: number[] = [];
    for (const name of ["ada", "grace"]) {
      const created = await request.post(`${ORG}/users`, { headers: asAdmin, data: { email: `${name}-${tag}@example.test` } });
      expect(created.status(), await created.text()).toBe(201);
      const userId = (await created.json()).data.id as number;
      const schedule = await request.post(`${ORG}/users/${userId}/schedules`, {
        headers: asAdmin,
        data: { name: "Always", timeZone: "UTC", isDefault: true, availability: [{ days: ALL_WEEK, startTime: "00:00", endTime: "23:59" }] },
      });
      expect(schedule.status(), await schedule.text()).toBe(201);
      expect((await schedule.json()).data).toMatchObject({ ownerId: userId, isDefault: true });
      hostIds.push(userId);
    }

    const team = await request.post(`${ORG}/teams`, { headers: asAdmin, data: { name: `Support ${tag}` } });
    expect(team.status(), await team.text()).toBe(201);
    const teamId = (await team.json()).data.id as number;
    expect((await team.json()).data).toMatchObject({ parentId: org.id, isOrganization: false });
    for (const userId of hostIds) {
      // Users created in the organization join its teams at once: their admin speaks for them.
      const joined = await request.post(`${ORG}/teams/${teamId}/memberships`, { headers: asAdmin, data: { userId, accepted: true } });
      expect(joined.status(), await joined.text()).toBe(201);
      expect((await joined.json()).data).toMatchObject({ userId, accepted: true });
    }

    const created = await request.post(`${ORG}/teams/${teamId}/event-types`, {
      headers: asAdmin,
      data: {
        title: "Support call",
        slug: `support-${tag}`,
        lengthInMinutes: 30,
        minimumBookingNotice: 0,
        schedulingType: "roundRobin",
        hosts: hostIds.map((userId) => ({ userId })),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const eventTypeId = (await created.json()).data.id as number;

    const start = utcAt(3, 10);
    const booked = await request.post("/v2/bookings", { headers: V, data: { eventTypeId, start: start.toISOString(), attendee: attendee() } });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = (await booked.json()).data;
    expect(hostIds).toContain(booking.hosts[0].id);

    const listed = await request.get(`${ORG}/bookings?take=10`, { headers: asAdmin });
    expect(listed.status(), await listed.text()).toBe(200);
    const list = await listed.json();
    expect(list.data.map((item: { uid: string }) => item.uid)).toEqual([booking.uid]);
    expect(list.pagination).toMatchObject({ totalItems: 1 });
    const ofTeam = await (await request.get(`${ORG}/teams/${teamId}/bookings?eventTypeId=${eventTypeId}`, { headers: asAdmin })).json();
    expect(ofTeam.data.map((item: { uid: string }) => item.uid)).toEqual([booking.uid]);

    // A plain member of the organization does not read its bookings; a stranger does not learn it exists.
    const asMember = await request.get(`${ORG}/bookings`, { headers: { ...V, authorization: `Bearer ${await makeApiKey(member.id)}` } });
    expect(asMember.status()).toBe(403);
    const asStranger = await request.get(`${ORG}/bookings`, { headers: { ...V, authorization: `Bearer ${await makeApiKey((await makeUser()).id)}` } });
    expect(asStranger.status()).toBe(404);
    // A team of another organization, named under this one, is no team of it.
    const elsewhere = await makeTeam({ parentId: (await makeTeam({ isOrganization: true })).id });
    expect((await request.get(`${ORG}/teams/${elsewhere.id}/bookings`, { headers: asAdmin })).status()).toBe(404);
  },
);
