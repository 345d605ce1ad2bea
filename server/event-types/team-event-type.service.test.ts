/** Team event types on the real database: hosts as stored for slots and round robin, validation, tenancy. */
import { afterAll, describe, expect, it } from "vitest";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { createTeamEventType, deleteTeamEventType, getTeamEventType, listTeamEventTypes, updateTeamEventType } from "./team-event-type.service";

afterAll(() => disconnectDb());

const hostRows = (eventTypeId: number) =>
  db.eventTypeHost.findMany({ where: { eventTypeId }, select: { userId: true, isFixed: true, priority: true }, orderBy: { userId: "asc" } });

const base = { title: "Team call", slug: "team-call", lengthInMinutes: 30 };

describe("createTeamEventType", () => {
  it("stores round-robin hosts as the booking code reads them: mandatory → fixed, priority lowest..highest → 0..4", async () => {
    const { team, users } = await makeTenancyWorld();
    const admin = sessionActor(users.admin.id);
    const created = await createTeamEventType(admin, team.id, {
      ...base,
      schedulingType: "roundRobin",
      hosts: [
        { userId: users.member.id, mandatory: true },
        { userId: users.owner.id, priority: "highest" },
        { userId: users.admin.id, priority: "lowest" },
      ],
    });
    expect(created).toMatchObject({ teamId: team.id, ownerId: null, schedulingType: "roundRobin", assignAllTeamMembers: false, team: { id: team.id } });
    expect(created.hosts).toHaveLength(3);
    expect(created.hostDetails.find(({ userId }) => userId === users.member.id)).toMatchObject({ mandatory: true, priority: "medium" });
    const expected = [
      { userId: users.owner.id, isFixed: false, priority: 4 },
      { userId: users.admin.id, isFixed: false, priority: 0 },
      { userId: users.member.id, isFixed: true, priority: 2 },
    ].sort((a, b) => a.userId - b.userId);
    expect(await hostRows(created.id)).toEqual(expected);
  });

  it("makes every collective host fixed", async () => {
    const { team, users } = await makeTenancyWorld();
    const created = await createTeamEventType(sessionActor(users.owner.id), team.id, {
      ...base,
      schedulingType: "collective",
      hosts: [{ userId: users.owner.id }, { userId: users.member.id, mandatory: false }],
    });
    expect((await hostRows(created.id)).map(({ isFixed }) => isFixed)).toEqual([true, true]);
  });

  it("refuses a host who is not an accepted member with a 400 naming them, and writes nothing", async () => {
    const { team, users } = await makeTenancyWorld();
    const admin = sessionActor(users.admin.id);
    for (const stranger of [users.invited, users.outsider, users.orgAdmin]) {
      const error = await expectAppError(
        createTeamEventType(admin, team.id, { ...base, schedulingType: "roundRobin", hosts: [{ userId: users.member.id }, { userId: stranger.id }] }),
        "BAD_REQUEST",
      );
      expect(error.message).toContain(`user ${stranger.id}`);
      expect(error.details).toEqual([{ path: "body.hosts.1.userId", message: expect.stringContaining(String(stranger.id)) }]);
    }
    expect(await db.eventType.count({ where: { teamId: team.id } })).toBe(0);
  });

  it("assignAllTeamMembers hosts every accepted member, not the invited one", async () => {
    const { team, users } = await makeTenancyWorld();
    const created = await createTeamEventType(sessionActor(users.admin.id), team.id, { ...base, schedulingType: "roundRobin", assignAllTeamMembers: true });
    expect((await hostRows(created.id)).map(({ userId }) => userId)).toEqual([users.owner.id, users.admin.id, users.member.id].sort((a, b) => a - b));
    expect(created.assignAllTeamMembers).toBe(true);
  });

  it("refuses a slug the team already uses (409), hosts with assignAllTeamMembers, and a contradicting length (400)", async () => {
    const { team, users } = await makeTenancyWorld();
    const admin = sessionActor(users.admin.id);
    await createTeamEventType(admin, team.id, { ...base, schedulingType: "collective" });
    await expectAppError(createTeamEventType(admin, team.id, { ...base, schedulingType: "roundRobin" }), "CONFLICT");
    const both = { ...base, slug: "other", schedulingType: "roundRobin" as const, assignAllTeamMembers: true, hosts: [{ userId: users.owner.id }] };
    await expect(createTeamEventType(admin, team.id, both)).rejects.toThrow(/not both/);
    await expect(createTeamEventType(admin, team.id, { ...base, slug: "x", schedulingType: "roundRobin", lengthInMinutesOptions: [15, 45] })).rejects.toThrow(
      /must include lengthInMinutes/,
    );
    expect(await db.eventType.count({ where: { teamId: team.id } })).toBe(1);
  });
});

describe("updateTeamEventType", () => {
  it("replaces the hosts, turns assignAllTeamMembers on and off, and checks lengths against what is stored", async () => {
    const { team, users } = await makeTenancyWorld();
    const admin = sessionActor(users.admin.id);
    const { id } = await createTeamEventType(admin, team.id, { ...base, schedulingType: "roundRobin", hosts: [{ userId: users.owner.id }] });
    await updateTeamEventType(admin, team.id, id, { hosts: [{ userId: users.member.id, priority: "high" }], title: "Renamed" });
    expect(await hostRows(id)).toEqual([{ userId: users.member.id, isFixed: false, priority: 3 }]);
    const all = await updateTeamEventType(admin, team.id, id, { assignAllTeamMembers: true });
    expect(all.hosts).toHaveLength(3);
    const explicit = await updateTeamEventType(admin, team.id, id, { assignAllTeamMembers: false });
    expect(explicit).toMatchObject({ assignAllTeamMembers: false, title: "Renamed" });
    expect(explicit.hosts).toHaveLength(3);
    await expectAppError(updateTeamEventType(admin, team.id, id, { lengthInMinutesOptions: [15, 45] }), "BAD_REQUEST");
    await expectAppError(updateTeamEventType(admin, team.id, id, { hosts: [{ userId: users.outsider.id }] }), "BAD_REQUEST");
    expect(await hostRows(id)).toHaveLength(3);
  });
});

describe("tenancy", () => {
  it("another team's owner reaches none of this team's event types, even under their own team's id", async () => {
    const { team, otherTeam, users } = await makeTenancyWorld();
    const { id } = await createTeamEventType(sessionActor(users.admin.id), team.id, { ...base, schedulingType: "collective" });
    const outsider = sessionActor(users.outsider.id);
    await expectAppError(listTeamEventTypes(outsider, team.id), "NOT_FOUND");
    await expectAppError(getTeamEventType(outsider, team.id, id), "NOT_FOUND");
    await expectAppError(getTeamEventType(outsider, otherTeam.id, id), "NOT_FOUND");
    await expectAppError(updateTeamEventType(outsider, otherTeam.id, id, { title: "Taken over" }), "NOT_FOUND");
    await expectAppError(deleteTeamEventType(outsider, otherTeam.id, id), "NOT_FOUND");
    // A plain member reads but does not change (the use case refuses them: 403; the query agrees).
    const member = sessionActor(users.member.id);
    expect((await listTeamEventTypes(member, team.id)).map((row) => row.id)).toEqual([id]);
    await expectAppError(updateTeamEventType(member, team.id, id, { title: "Mine" }), "FORBIDDEN");
    // The organization's admin acts on the team's event types.
    expect(await getTeamEventType(sessionActor(users.orgAdmin.id), team.id, id)).toMatchObject({ title: "Team call" });
    expect((await db.eventType.findUniqueOrThrow({ where: { id } })).title).toBe("Team call");
  });

  it("filters the list by slug and caps the hosts listed", async () => {
    const { team, users } = await makeTenancyWorld();
    const admin = sessionActor(users.admin.id);
    await createTeamEventType(admin, team.id, { ...base, schedulingType: "roundRobin", assignAllTeamMembers: true });
    await createTeamEventType(admin, team.id, { ...base, slug: "second", schedulingType: "collective" });
    const [only, ...rest] = await listTeamEventTypes(admin, team.id, { eventSlug: "team-call", hostsLimit: 2 });
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ slug: "team-call" });
    expect(only!.hosts).toHaveLength(2);
  });
});
