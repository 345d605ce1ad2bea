/** A team's owners and admins managing members' out-of-office entries, on the real database. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { expectAppError } from "../../e2e/support/rejections";
import {
  createTeamMemberOutOfOffice,
  deleteTeamMemberOutOfOffice,
  listOutOfOffice,
  listTeamMemberOutOfOffice,
  updateTeamMemberOutOfOffice,
} from "./out-of-office.service";

afterAll(() => disconnectDb());

let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
beforeAll(async () => {
  world = await makeTenancyWorld();
});

const day = (n: number) => new Date(Date.UTC(2032, 0, n)).toISOString();
const page = { take: 100, skip: 0 };

describe("team members' out-of-office", () => {
  it("lets an admin create, list, update and delete a member's entries, which are the member's own", async () => {
    const admin = sessionActor(world.users.admin.id);
    const { member, owner } = world.users;
    const entry = await createTeamMemberOutOfOffice(admin, world.team.id, member.id, { start: day(1), end: day(3), reason: "vacation", toUserId: owner.id });
    expect(entry).toMatchObject({ userId: member.id, toUserId: owner.id, reason: "vacation" });
    expect(await listTeamMemberOutOfOffice(admin, world.team.id, member.id, page)).toEqual({ items: [entry], totalItems: 1 });
    expect((await listOutOfOffice(sessionActor(member.id), page)).items).toEqual([entry]);
    const moved = await updateTeamMemberOutOfOffice(admin, world.team.id, member.id, entry.id, { end: day(4), toUserId: null });
    expect(moved).toMatchObject({ end: day(4), toUserId: null });
    await expectAppError(createTeamMemberOutOfOffice(admin, world.team.id, member.id, { start: day(2), end: day(5) }), "CONFLICT");
    expect(await deleteTeamMemberOutOfOffice(sessionActor(world.users.orgAdmin.id), world.team.id, member.id, entry.id)).toEqual(moved);
    expect((await listOutOfOffice(sessionActor(member.id), page)).totalItems).toBe(0);
  });

  it("answers 404 for a user who is not an accepted member, and changes nothing", async () => {
    const admin = sessionActor(world.users.admin.id);
    for (const who of ["invited", "orgAdmin", "outsider"] as const) {
      const userId = world.users[who].id;
      await expectAppError(createTeamMemberOutOfOffice(admin, world.team.id, userId, { start: day(1), end: day(2) }), "NOT_FOUND");
      await expectAppError(listTeamMemberOutOfOffice(admin, world.team.id, userId, page), "NOT_FOUND");
      expect(await db.outOfOffice.count({ where: { userId } })).toBe(0);
    }
    await expectAppError(listTeamMemberOutOfOffice(admin, world.team.id, 2_000_000_000, page), "NOT_FOUND");
  });

  it("refuses a redirect to anyone but another accepted member with 400", async () => {
    const admin = sessionActor(world.users.admin.id);
    const { member, invited, outsider } = world.users;
    for (const toUserId of [invited.id, outsider.id, member.id, 2_000_000_000]) {
      const error = await expectAppError(
        createTeamMemberOutOfOffice(admin, world.team.id, member.id, { start: day(10), end: day(11), toUserId }),
        "BAD_REQUEST",
      );
      expect(error.details).toEqual([{ path: "body.toUserId", message: expect.any(String) }]);
    }
    const entry = await createTeamMemberOutOfOffice(admin, world.team.id, member.id, { start: day(10), end: day(11) });
    await expectAppError(updateTeamMemberOutOfOffice(admin, world.team.id, member.id, entry.id, { toUserId: outsider.id }), "BAD_REQUEST");
    expect((await listTeamMemberOutOfOffice(admin, world.team.id, member.id, page)).items).toEqual([entry]);
  });

  it("keeps another team's admin, and an entry of another member, out of reach", async () => {
    const admin = sessionActor(world.users.admin.id);
    const entry = await createTeamMemberOutOfOffice(admin, world.team.id, world.users.owner.id, { start: day(20), end: day(21) });
    const outsider = sessionActor(world.users.outsider.id);
    await expectAppError(listTeamMemberOutOfOffice(outsider, world.team.id, world.users.owner.id, page), "NOT_FOUND");
    await expectAppError(deleteTeamMemberOutOfOffice(outsider, world.team.id, world.users.owner.id, entry.id), "NOT_FOUND");
    // The entry is the owner's: addressed under the member's path it does not exist.
    await expectAppError(updateTeamMemberOutOfOffice(admin, world.team.id, world.users.member.id, entry.id, { notes: "x" }), "NOT_FOUND");
    await expectAppError(deleteTeamMemberOutOfOffice(admin, world.team.id, world.users.member.id, entry.id), "NOT_FOUND");
    expect(await db.outOfOffice.count({ where: { id: entry.id } })).toBe(1);
  });
});
