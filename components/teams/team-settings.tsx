import { holdsPermission } from "@/server/auth/permissions";
import { TextLink } from "../ui/text-link";
import { InvitationList } from "./invitation-list";
import { InviteForm } from "./invite-form";
import { MemberList } from "./member-list";
import type { TTeamRole } from "./types";

type Props = { team: { id: number; name: string; slug: string }; myRole: TTeamRole; myUserId: number };

/** One team: its members for everyone in it; inviting and managing for its owners and admins. */
export function TeamSettings({ team, myRole, myUserId }: Props) {
  // What the use cases behind the page check (membership.write); the page only hides what they would refuse.
  const canManage = holdsPermission(myRole, "membership.write");
  return (
    <>
      <p className="text-sm">
        <TextLink href="/settings/teams">← Teams</TextLink>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">{team.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        Slug <span className="font-mono">{team.slug}</span> · you are {myRole}
      </p>
      <div className="mt-8 space-y-8">
        <section aria-labelledby="members-heading">
          <h2 id="members-heading" className="mb-3 text-lg font-semibold">
            Members
          </h2>
          <MemberList teamId={team.id} canManage={canManage} myUserId={myUserId} />
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
      </div>
    </>
  );
}
