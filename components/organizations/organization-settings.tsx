import { holdsPermission, type TeamRole } from "@/server/auth/permissions";
import { InvitationList } from "../teams/invitation-list";
import { InviteForm } from "../teams/invite-form";
import { MemberList } from "../teams/member-list";
import { CreateOrgUserForm } from "./create-org-user-form";
import { OrganizationBookings } from "./organization-bookings";
import { OrganizationProfileForm } from "./organization-profile-form";
import { OrganizationTeams } from "./organization-teams";
import { OrganizationWebhooks } from "./organization-webhooks";

type Props = {
  org: { id: number; name: string; slug: string; bio: string | null };
  myRole: TeamRole;
  myUserId: number;
  timeZone: string;
  timeZones: readonly string[];
};

/**
 * One organization: profile, members (the team pages' components on the organization's own team: an organization's
 * memberships are team memberships under the organization rules), its teams and its bookings. Managing is for its
 * owners and admins; the page hides what the use cases would refuse.
 */
export function OrganizationSettings({ org, myRole, myUserId, timeZone, timeZones }: Props) {
  const canUpdate = holdsPermission(myRole, "org.update");
  const canManageMembers = holdsPermission(myRole, "org.memberships.write");
  const canManageTeams = holdsPermission(myRole, "org.teams.write");
  const canCreateUsers = holdsPermission(myRole, "org.users.write");
  const canReadWebhooks = holdsPermission(myRole, "org.webhooks.read");
  const canReadBookings = holdsPermission(myRole, "org.bookings.read");
  return (
    <>
      <h1 className="text-2xl font-semibold">{org.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        Organization <span className="font-mono">{org.slug}</span> · you are {myRole}
      </p>
      <div className="mt-8 space-y-10">
        {canUpdate && <OrganizationProfileForm org={org} />}
        <section aria-labelledby="org-members-heading" className="space-y-4">
          <h2 id="org-members-heading" className="text-lg font-semibold">
            Members
          </h2>
          {canManageMembers ? (
            <>
              <MemberList teamId={org.id} canManage myUserId={myUserId} />
              <InviteForm teamId={org.id} />
              {canCreateUsers && <CreateOrgUserForm orgId={org.id} timeZones={timeZones} defaultTimeZone={timeZone} />}
              <section aria-labelledby="org-invitations-heading">
                <h3 id="org-invitations-heading" className="mb-3 font-semibold">
                  Pending invitations
                </h3>
                <InvitationList teamId={org.id} />
              </section>
            </>
          ) : (
            <p className="text-sm text-slate-600">The organization&apos;s owners and admins manage its members.</p>
          )}
        </section>
        <section aria-labelledby="org-teams-heading" className="space-y-4">
          <h2 id="org-teams-heading" className="text-lg font-semibold">
            Teams
          </h2>
          <OrganizationTeams orgId={org.id} canManage={canManageTeams} />
        </section>
        {canReadWebhooks && (
          <section aria-labelledby="org-webhooks-heading" className="space-y-4">
            <h2 id="org-webhooks-heading" className="text-lg font-semibold">
              Webhooks
            </h2>
            <OrganizationWebhooks orgId={org.id} canManage={holdsPermission(myRole, "org.webhooks.write")} />
          </section>
        )}
        {canReadBookings && (
          <section aria-labelledby="org-bookings-heading" className="space-y-4">
            <h2 id="org-bookings-heading" className="text-lg font-semibold">
              Bookings
            </h2>
            <OrganizationBookings orgId={org.id} timeZone={timeZone} />
          </section>
        )}
      </div>
    </>
  );
}
