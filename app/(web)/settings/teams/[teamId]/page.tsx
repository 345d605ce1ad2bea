import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TeamSettings } from "@/components/teams/team-settings";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { isAppError } from "@/server/errors";
import { ZIdParam } from "@/server/http/ids";
import { teamRoleOf } from "@/server/teams/team-roles";
import { getTeam } from "@/server/teams/team.service";

export const metadata: Metadata = { title: "Team" };

type Params = Promise<{ teamId: string }>;

/** A team the signed-in user is not in looks like no team at all, as on the API. */
export default async function TeamPage({ params }: { params: Params }) {
  const raw = (await params).teamId;
  const user = await requireSessionUser(`/settings/teams/${encodeURIComponent(raw)}`);
  const teamId = ZIdParam.safeParse(raw);
  if (!teamId.success) notFound();
  const actor = sessionActor(user.id);
  const team = await getTeam(actor, teamId.data).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const myRole = await teamRoleOf(actor, team.id);
  if (!myRole) notFound();
  return <TeamSettings team={{ id: team.id, name: team.name, slug: team.slug }} myRole={myRole} myUserId={user.id} />;
}
