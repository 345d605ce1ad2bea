/** listTeamSchedules / schedulesOfTeamMembers on the real database: accepted members' schedules, for the team's admins only. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAppError } from "../../e2e/support/rejections";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { listTeamSchedules } from "./schedule.service";

afterAll(() => disconnectDb());

let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
const owners = new Map<number, string>();

beforeAll(async () => {
  world = await makeTenancyWorld();
  for (const who of ["owner", "member", "member", "invited", "orgAdmin", "outsider"] as const) {
    const userId = world.users[who].id;
    await db.schedule.create({
      data: { userId, name: `${who} hours`, timeZone: "Europe/Rome", entries: { create: [{ days: [1], startMinute: 540, endMinute: 600 }] } },
    });
    owners.set(userId, who);
  }
});

const page = { take: 100, skip: 0 };
/** The owner's and the member's (two) schedules, in member order (user id; the world's users are made in parallel). */
const membersInOrder = () => (world.users.owner.id < world.users.member.id ? ["owner", "member", "member"] : ["member", "member", "owner"]);
const ownersSeen = async (userId: number, query = page) =>
  (await listTeamSchedules(sessionActor(userId), world.team.id, query)).items.map((schedule) => owners.get(schedule.ownerId));

describe("listTeamSchedules", () => {
  it("lists the accepted members' schedules, by member then age, in the schedule output", async () => {
    const { items, totalItems } = await listTeamSchedules(sessionActor(world.users.admin.id), world.team.id, page);
    expect(totalItems).toBe(3);
    expect(items.map((schedule) => owners.get(schedule.ownerId))).toEqual(membersInOrder());
    expect(items.find((schedule) => schedule.ownerId === world.users.owner.id)).toMatchObject({
      name: "owner hours",
      timeZone: "Europe/Rome",
      isDefault: false,
      availability: [{ days: ["Monday"], startTime: "09:00", endTime: "10:00" }],
    });
  });

  it("pages with take and skip", async () => {
    expect(await ownersSeen(world.users.owner.id, { take: 2, skip: 1 })).toEqual(membersInOrder().slice(1));
  });

  it("refuses plain members (403), invited users, outsiders and the org's plain members (404); the org's admins see all", async () => {
    await expectAppError(ownersSeen(world.users.member.id), "FORBIDDEN");
    for (const who of ["invited", "orgMember", "outsider"] as const) await expectAppError(ownersSeen(world.users[who].id), "NOT_FOUND");
    expect(await ownersSeen(world.users.orgAdmin.id)).toEqual(membersInOrder());
  });
});
