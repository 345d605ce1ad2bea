/**
 * Team seed helpers: teams, organizations and memberships written with Prisma directly (state fixtures), and
 * one small world with every kind of relation to a team that the tenancy tests walk through.
 */
import { randomBytes } from "node:crypto";
import { db } from "../server/db/client";
import type { TeamRole } from "../server/http/route-definition";
import { makeUser } from "./factories";

const slug = (stem: string) => `${stem}-${randomBytes(4).toString("hex")}`;

export async function makeTeam(options: { name?: string; parentId?: number | null; isOrganization?: boolean } = {}) {
  const name = options.name ?? (options.isOrganization ? "Acme Org" : "Team");
  return db.team.create({
    data: { name, slug: slug(options.isOrganization ? "org" : "team"), parentId: options.parentId ?? null, isOrganization: options.isOrganization ?? false },
  });
}

export async function addMember(teamId: number, userId: number, role: TeamRole, accepted = true) {
  return db.membership.create({ data: { teamId, userId, role, accepted } });
}

/**
 * An organization with a team in it, and a user for each relation: the team's OWNER, ADMIN and MEMBER, an
 * invited (not accepted) ADMIN, the org's OWNER, ADMIN and MEMBER (no membership of the team), and an outsider
 * who owns a team of their own.
 */
export async function makeTenancyWorld() {
  const org = await makeTeam({ isOrganization: true });
  const team = await makeTeam({ parentId: org.id });
  const otherTeam = await makeTeam();
  const [owner, admin, member, invited, orgOwner, orgAdmin, orgMember, outsider] = await Promise.all(Array.from({ length: 8 }, () => makeUser()));
  await Promise.all([
    addMember(team.id, owner!.id, "OWNER"),
    addMember(team.id, admin!.id, "ADMIN"),
    addMember(team.id, member!.id, "MEMBER"),
    addMember(team.id, invited!.id, "ADMIN", false),
    addMember(org.id, orgOwner!.id, "OWNER"),
    addMember(org.id, orgAdmin!.id, "ADMIN"),
    addMember(org.id, orgMember!.id, "MEMBER"),
    addMember(otherTeam.id, outsider!.id, "OWNER"),
  ]);
  return {
    org,
    team,
    otherTeam,
    users: {
      owner: owner!,
      admin: admin!,
      member: member!,
      invited: invited!,
      orgOwner: orgOwner!,
      orgAdmin: orgAdmin!,
      orgMember: orgMember!,
      outsider: outsider!,
    },
  };
}
