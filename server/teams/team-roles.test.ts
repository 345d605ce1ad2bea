/** teamRoleOf and requireTeamRole on the real database: direct memberships, invitations, organizations. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { sessionActor } from "../auth/actor";
import { disconnectDb } from "../db/client";
import { requireTeamRole, teamRoleOf } from "./team-roles";

afterAll(() => disconnectDb());

let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
beforeAll(async () => {
  world = await makeTenancyWorld();
});

describe("teamRoleOf", () => {
  it.each([
    ["owner", "OWNER"],
    ["admin", "ADMIN"],
    ["member", "MEMBER"],
    ["invited", null],
    ["orgOwner", "OWNER"],
    ["orgAdmin", "ADMIN"],
    ["orgMember", null],
    ["outsider", null],
  ] as const)("answers the team's %s as %s", async (who, role) => {
    expect(await teamRoleOf(sessionActor(world.users[who].id), world.team.id)).toBe(role);
  });

  it("answers null for a team that does not exist and for another team", async () => {
    expect(await teamRoleOf(sessionActor(world.users.owner.id), 2_000_000_000)).toBeNull();
    expect(await teamRoleOf(sessionActor(world.users.owner.id), world.otherTeam.id)).toBeNull();
  });

  it("gives an organization's admins nothing in a team outside it", async () => {
    expect(await teamRoleOf(sessionActor(world.users.orgOwner.id), world.otherTeam.id)).toBeNull();
  });
});

describe("requireTeamRole", () => {
  it("is a 404 'Team not found' for a non-member and for a missing team, the same answer", async () => {
    const outsider = await expectAppError(requireTeamRole(sessionActor(world.users.outsider.id), world.team.id, ["OWNER"]), "NOT_FOUND");
    const missing = await expectAppError(requireTeamRole(sessionActor(world.users.outsider.id), 2_000_000_000, ["OWNER"]), "NOT_FOUND");
    expect(outsider.message).toBe("Team not found");
    expect(missing.message).toBe(outsider.message);
  });

  it("is a 403 naming the roles for a member without one", async () => {
    const error = await expectAppError(requireTeamRole(sessionActor(world.users.member.id), world.team.id, ["OWNER", "ADMIN"]), "FORBIDDEN");
    expect(error.message).toBe("This operation requires the OWNER or ADMIN role in the team; you are MEMBER");
    expect(error.details).toEqual({ requiredRoles: ["OWNER", "ADMIN"], role: "MEMBER" });
  });

  it("answers the role when it is one of those allowed", async () => {
    expect(await requireTeamRole(sessionActor(world.users.orgAdmin.id), world.team.id, ["OWNER", "ADMIN"])).toBe("ADMIN");
  });
});
