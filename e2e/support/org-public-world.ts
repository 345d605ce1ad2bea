/**
 * An organization for the public-page specs, set up through the organization use cases: its owner (named by an
 * instance admin), a team in it with two working members hosting a round-robin event type, and a hidden one.
 */
import { randomBytes } from "node:crypto";
import { makeUser } from "../../prisma/factories";
import { addMember, makeWorkingMember } from "../../prisma/team-factories";
import { sessionActor } from "../../server/auth/actor";
import { createOrganizationTeamEventType } from "../../server/organizations/org-event-types.service";
import { createOrganizationTeam } from "../../server/organizations/org-structure.service";
import { createOrganization } from "../../server/organizations/organization.service";

export async function makePublicOrganization(options: { teamSlug: string; tag?: string }) {
  const tag = options.tag ?? randomBytes(4).toString("hex");
  const [admin, owner] = [await makeUser({ role: "ADMIN" }), await makeUser()];
  const org = await createOrganization(sessionActor(admin.id), { name: `Org ${tag}`, slug: `org-${tag}`, ownerEmail: owner.email });
  const asOwner = sessionActor(owner.id);
  const team = await createOrganizationTeam(asOwner, org.id, { name: `Sales ${tag}`, slug: options.teamSlug });
  // Members of the organization first (working hours 09:00–17:00 UTC every day), then of its team.
  const hosts = [await makeWorkingMember(org.id), await makeWorkingMember(org.id)];
  for (const host of hosts) await addMember(team.id, host.id, "MEMBER");
  const hostsInput = hosts.map((host) => ({ userId: host.id }));
  const eventType = await createOrganizationTeamEventType(asOwner, org.id, team.id, {
    title: "Product demo",
    slug: "demo",
    lengthInMinutes: 30,
    minimumBookingNotice: 0,
    schedulingType: "roundRobin",
    hosts: hostsInput,
  });
  await createOrganizationTeamEventType(asOwner, org.id, team.id, {
    title: "Internal sync",
    slug: "internal",
    lengthInMinutes: 15,
    hidden: true,
    schedulingType: "roundRobin",
    hosts: hostsInput,
  });
  return { org, team, owner, hosts, eventType };
}
