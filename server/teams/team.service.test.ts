/** Teams on the real database: creation makes an OWNER, reads respect tenancy, deletion's effect on event types and bookings. */
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { getMe } from "../me/me.service";
import { createTeam, deleteTeam, getTeam, listTeams, slugFromName, updateTeam } from "./team.service";

afterAll(() => disconnectDb());

const page = { take: 100, skip: 0 };

describe("createTeam", () => {
  it("makes the creator its accepted OWNER, derives the slug from the name, and /v2/me lists it", async () => {
    const user = await makeUser();
    const team = await createTeam(sessionActor(user.id), { name: `Sales & Support ${user.id}` });
    expect(team).toMatchObject({
      name: `Sales & Support ${user.id}`,
      slug: `sales-support-${user.id}`,
      isOrganization: false,
      organization: null,
    });
    expect(team).not.toHaveProperty("parentId");
    expect(await db.membership.findMany({ where: { teamId: team.id }, select: { userId: true, role: true, accepted: true } })).toEqual([
      { userId: user.id, role: "OWNER", accepted: true },
    ]);
    expect((await getMe(sessionActor(user.id))).teams).toEqual([expect.objectContaining({ id: team.id, role: "OWNER", accepted: true })]);
  });

  it("refuses a slug another top-level team holds with 409 and creates nothing", async () => {
    const [alice, bob] = [await makeUser(), await makeUser()];
    const slug = `taken-${alice.id}`;
    await createTeam(sessionActor(alice.id), { name: "First", slug });
    await expectAppError(createTeam(sessionActor(bob.id), { name: "Second", slug }), "CONFLICT");
    expect(await db.team.count({ where: { slug } })).toBe(1);
    expect(await db.membership.count({ where: { userId: bob.id } })).toBe(0);
  });

  it("slugFromName keeps ASCII words and never answers an empty slug", () => {
    expect(slugFromName("  Équipe Été — 2031 ")).toBe("equipe-ete-2031");
    expect(slugFromName("!!!")).toBe("team");
  });
});

describe("reads", () => {
  it("lists the caller's teams with organization context, and an org admin sees the org's teams", async () => {
    const world = await makeTenancyWorld();
    const { items } = await listTeams(sessionActor(world.users.member.id), page);
    expect(items).toEqual([expect.objectContaining({ id: world.team.id, organization: { id: world.org.id, name: world.org.name, slug: world.org.slug } })]);
    expect((await listTeams(sessionActor(world.users.orgAdmin.id), page)).items.map(({ id }) => id)).toEqual([world.team.id]);
    expect((await listTeams(sessionActor(world.users.invited.id), page)).totalItems).toBe(0);
  });

  it("answers another tenant's team as not found", async () => {
    const world = await makeTenancyWorld();
    await expectAppError(getTeam(sessionActor(world.users.outsider.id), world.team.id), "NOT_FOUND");
    await expectAppError(updateTeam(sessionActor(world.users.outsider.id), world.team.id, { name: "Mine now" }), "NOT_FOUND");
    expect((await db.team.findUniqueOrThrow({ where: { id: world.team.id } })).name).toBe(world.team.name);
  });
});

describe("deleteTeam", () => {
  it("deletes the team, its memberships and event types; the bookings of those event types stay with eventTypeId null", async () => {
    const owner = await makeUser();
    const team = await createTeam(sessionActor(owner.id), { name: "Doomed", slug: `doomed-${owner.id}` });
    const eventType = await db.eventType.create({ data: { teamId: team.id, title: "Team call", slug: "team-call", lengthInMinutes: 30 } });
    const start = new Date(Date.UTC(2031, 2, 3, 9));
    const end = new Date(Date.UTC(2031, 2, 3, 9, 30));
    const booking = await db.booking.create({
      data: { eventTypeId: eventType.id, title: "Team call", start, end, status: "ACCEPTED", hosts: { create: { userId: owner.id, start, end } } },
    });

    expect(await deleteTeam(sessionActor(owner.id), team.id)).toMatchObject({ id: team.id, name: "Doomed" });
    expect(await db.team.count({ where: { id: team.id } })).toBe(0);
    expect(await db.membership.count({ where: { teamId: team.id } })).toBe(0);
    expect(await db.eventType.count({ where: { id: eventType.id } })).toBe(0);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id }, select: { eventTypeId: true, status: true } })).toEqual({
      eventTypeId: null,
      status: "ACCEPTED",
    });
    expect(await db.bookingHost.count({ where: { bookingId: booking.id } })).toBe(1);
  });
});
