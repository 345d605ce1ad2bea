import { TextLink } from "../ui/text-link";
import { EventTypeList } from "./event-type-list";
import type { TOrganizationProfile } from "@/server/booking-page/org-public-profile.service";
import { teamPublicPath } from "@/server/booking-page/public-paths";

/** An organization's teams, each with its own page and its visible event types' booking pages. */
export function TeamList({ orgSlug, teams }: { orgSlug: string; teams: TOrganizationProfile["teams"] }) {
  if (teams.length === 0) return <p className="mt-8 text-slate-600">Nothing can be booked here at the moment.</p>;
  return (
    <div className="mt-8 space-y-10">
      {teams.map((team) => (
        <section key={team.slug} aria-labelledby={`team-${team.slug}`}>
          <h2 id={`team-${team.slug}`} className="text-lg font-semibold break-words">
            <TextLink href={teamPublicPath(team.slug, orgSlug)}>{team.name}</TextLink>
          </h2>
          <EventTypeList basePath={teamPublicPath(team.slug, orgSlug)} eventTypes={team.eventTypes} label={`Event types of ${team.name}`} />
        </section>
      ))}
    </div>
  );
}
