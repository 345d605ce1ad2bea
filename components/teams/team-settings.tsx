import { holdsPermission } from "@/server/auth/permissions";
import { TextLink } from "../ui/text-link";
import { DeleteTeam } from "./delete-team";
import { InvitationList } from "./invitation-list";
import { InviteForm } from "./invite-form";
import { MemberList } from "./member-list";
import { TeamEventTypes } from "./team-event-types";
import { TeamProfileForm } from "./team-profile-form";
import type { TTeamRole } from "./types";

type Props = {
  team: { id: number; name: string; slug: string; bio: string | null; logoUrl: string | null };
  myRole: TTeamRole;
  myUserId: number;
  /** The team's public address without its slug (…/team/), for the slug field's hint. */
  publicPrefix: string;
  eventTypes: { id: number; title: string; slug: string; lengthInMinutes: number; hidden: boolean }[];
  unbookable: Record<number, string>;
};

/** One team: its profile and event types; members for everyone in it; inviting and managing for its owners and admins. */
export function TeamSettings({ team, myRole, myUserId, publicPrefix, eventTypes, unbookable }: Props) {
  // What the use cases behind the page check; the page only hides what they would refuse.
  const canManage = holdsPermission(myRole, "membership.write");
  const canUpdate = holdsPermission(myRole, "team.update");
  const canDelete = holdsPermission(myRole, "team.delete");
  const publicBase = `${publicPrefix}${team.slug}/`;
  return (
    <>
      <p className="text-sm">
        <TextLink href="/settings/teams">← Teams</TextLink>
      </p>
      <h1 className="mt-2 text-2xl font-semibold break-words">{team.name}</h1>
      <p className="mt-1 text-sm break-words text-slate-600">
        Public page{" "}
        <a href={publicBase.slice(0, -1)} className="text-indigo-700 underline">
          {publicBase.slice(0, -1)}
        </a>{" "}
        · you are {myRole.toLowerCase()}
      </p>
      <div className="mt-8 space-y-8">
        {canUpdate && <TeamProfileForm team={team} publicPrefix={publicPrefix} />}
        <section aria-labelledby="team-event-types-heading">
          <h2 id="team-event-types-heading" className="mb-3 text-lg font-semibold">
            Event types
          </h2>
          <TeamEventTypes eventTypes={eventTypes} publicBase={publicBase} canEdit={holdsPermission(myRole, "eventType.write")} />
        </section>
        <section aria-labelledby="members-heading">
          <h2 id="members-heading" className="mb-3 text-lg font-semibold">
            Members
          </h2>
          <MemberList teamId={team.id} canManage={canManage} myUserId={myUserId} unbookable={canManage ? unbookable : {}} />
        </section>
        {canManage && (
          <>
            <InviteForm teamId={team.id} />
            <section aria-labelledby="invitations-heading">
              <h2 id="invitations-heading" className="mb-3 text-lg font-semibold">
                Pending invitations
              </h2>
              <InvitationList teamId={team.id} />
            </section>
          </>
        )}
        {canDelete && <DeleteTeam team={team} />}
      </div>
    </>
  );
}
