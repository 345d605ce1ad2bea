import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { unbookableText } from "@/components/teams/unbookable";
import { TeamSettings } from "@/components/teams/team-settings";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { publicPathOfTeam } from "@/server/booking-page/org-public-profile.service";
import { env } from "@/server/env";
import { isAppError } from "@/server/errors";
import { listTeamEventTypes } from "@/server/event-types/team-event-type.service";
import { ZIdParam } from "@/server/http/ids";
import { listMemberships } from "@/server/teams/membership.service";
import { unbookableReasons } from "@/server/teams/host-bookability";
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
  const [eventTypes, members, publicPath] = await Promise.all([
    listTeamEventTypes(actor, team.id),
    listMemberships(actor, team.id, { take: 500, skip: 0 }, { pending: false }),
    publicPathOfTeam(team.id),
  ]);
  const reasons = await unbookableReasons(members.items.filter((member) => member.accepted).map((member) => member.userId));
  const publicPrefix = `${env().APP_URL.replace(/\/$/, "")}${publicPath.slice(0, publicPath.length - team.slug.length)}`;
  return (
    <TeamSettings
      team={{ id: team.id, name: team.name, slug: team.slug, bio: team.bio ?? null, logoUrl: team.logoUrl ?? null }}
      myRole={myRole}
      myUserId={user.id}
      publicPrefix={publicPrefix}
      eventTypes={eventTypes.map(({ id, title, slug, lengthInMinutes, hidden }) => ({ id, title, slug, lengthInMinutes, hidden }))}
      unbookable={Object.fromEntries([...reasons].map(([userId, reason]) => [userId, unbookableText(reason)]))}
    />
  );
}
