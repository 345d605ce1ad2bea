/**
 * The organization's teams as the site manages them (/settings/organizations/{orgId}): list, create a team in it, and
 * move an existing team in. A team of an organization admits only the organization's members, so a team is moved in
 * only when every member of it (accepted or invited) already belongs to the organization: nobody becomes visible to
 * an organization they did not join. Moving needs the actor to be an admin of both (org.teams.write in the
 * organization, team.update in the team).
 */
import type { Actor } from "../auth/actor";
import { rolesWith } from "../auth/permissions";
import { db } from "../db/client";
import { AppError } from "../errors";
import { forgetProfile } from "../me/me.service";
import { addMembership } from "../teams/membership-writes";
import { teamsWhereActorIs } from "../teams/team-access";
import { TEAM_SELECT, toTeamOutput } from "../teams/team.dto";
import { requirePermission } from "../teams/team-roles";
import { ZCreateTeamInput, type TCreateTeamInput } from "../teams/team.schemas";
import { assertSlugFree, mapSlugRace, slugFromName } from "../teams/team.service";
import { membersOfOrganization, requireOrgPermission, teamsOfOrganization } from "./organization-access";

/** The organization's teams: every one for its admins (org.teams.read), the ones they are in for its members. */
export async function listOrganizationTeams(actor: Actor, orgId: number) {
  const role = await requireOrgPermission(actor, orgId, "org.read");
  const everyTeam = rolesWith("org.teams.read").includes(role);
  const where = { AND: [teamsOfOrganization(orgId), ...(everyTeam ? [] : [teamsWhereActorIs(actor, rolesWith("team.read"))])] };
  const rows = await db.team.findMany({ where, select: TEAM_SELECT, orderBy: { id: "asc" }, take: 500 });
  return rows.map(toTeamOutput);
}

/** A team in the organization; the creator joins it as its OWNER (they are a member of the organization). */
export async function createOrganizationTeam(actor: Actor, orgId: number, input: TCreateTeamInput) {
  const { metadata, ...fields } = ZCreateTeamInput.parse(input);
  const slug = fields.slug ?? slugFromName(fields.name);
  const team = await db.$transaction(async (tx) => {
    await requireOrgPermission(actor, orgId, "org.teams.write", tx);
    await assertSlugFree(tx, orgId, slug);
    const created = await mapSlugRace(slug, tx.team.create({ data: { ...fields, slug, parentId: orgId, metadata: metadata ?? {} }, select: { id: true } }));
    await addMembership(tx, { teamId: created.id, userId: actor.userId, role: "OWNER", accepted: true });
    return tx.team.findUniqueOrThrow({ where: { id: created.id }, select: TEAM_SELECT });
  });
  await forgetProfile(actor.userId);
  return toTeamOutput(team);
}

/** Teams the actor could move into an organization: top-level teams they administer. */
export async function listMovableTeams(actor: Actor) {
  const rows = await db.team.findMany({
    where: { AND: [{ parentId: null, isOrganization: false }, teamsWhereActorIs(actor, rolesWith("team.update"))] },
    select: { id: true, name: true, slug: true },
    orderBy: { id: "asc" },
    take: 500,
  });
  return rows;
}

/** Moves a top-level team into the organization (admin of both; all its members in the organization; slug free there). */
export async function moveTeamIntoOrganization(actor: Actor, orgId: number, teamId: number) {
  const team = await db.$transaction(async (tx) => {
    await requireOrgPermission(actor, orgId, "org.teams.write", tx);
    await requirePermission(actor, { teamId }, "team.update", tx);
    // Both rows locked, organization first: no member joins the team, nor leaves the organization, while we check.
    await tx.$queryRaw`SELECT id FROM "Team" WHERE id IN (${orgId}, ${teamId}) ORDER BY id FOR UPDATE`;
    const current = await tx.team.findUniqueOrThrow({ where: { id: teamId }, select: { parentId: true, isOrganization: true, slug: true } });
    if (current.isOrganization)
      throw new AppError("BAD_REQUEST", "An organization cannot be moved into another", [{ path: "teamId", message: "This is an organization" }]);
    if (current.parentId !== null) {
      throw new AppError("CONFLICT", "This team already belongs to an organization", [{ path: "teamId", message: "Already in an organization" }]);
    }
    const outsiders = await tx.membership.count({ where: { teamId, user: { NOT: membersOfOrganization(orgId) } } });
    const invited = await tx.teamInvitation.count({ where: { teamId, acceptedAt: null, declinedAt: null } });
    if (outsiders > 0 || invited > 0) {
      throw new AppError(
        "CONFLICT",
        `${outsiders} member(s) of the team are not members of the organization${invited ? ` and ${invited} invitation(s) are open` : ""}: add them to the organization (or remove them, or revoke the invitations) first`,
        [{ path: "teamId", message: "Every member must belong to the organization" }],
      );
    }
    await assertSlugFree(tx, orgId, current.slug);
    return mapSlugRace(current.slug, tx.team.update({ where: { id: teamId }, data: { parentId: orgId }, select: TEAM_SELECT }));
  });
  return toTeamOutput(team);
}
