/** A team's booking page (/team/{teamSlug}/{slug}): which event types it shows, its slots and booking, on the real database. */
import { describe, expect, it } from "vitest";
import { makeTeam, makeTeamEventType } from "@/prisma/team-factories";
import { attendee, utcAt } from "@/prisma/scheduling-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { db } from "../db/client";
import { bookFromPage, findTeamBookingPage, listBookingPageDays } from "./booking-page.service";

describe("finding a team booking page", () => {
  it("shows a visible round-robin event type of the team, and nothing for a hidden one, another team's or a MANAGED template", async () => {
    const { team, eventType } = await makeTeamEventType({ hosts: 2, schedulingType: "ROUND_ROBIN" });
    expect(await findTeamBookingPage(team.slug.toUpperCase(), eventType.slug)).toMatchObject({
      eventTypeId: eventType.id,
      title: "Team call",
      lengthInMinutes: 30,
      host: { name: team.name, teamSlug: team.slug },
    });
    const other = await makeTeam();
    expect(await findTeamBookingPage(other.slug, eventType.slug)).toBeNull();
    expect(await findTeamBookingPage(team.slug, "no-such-event")).toBeNull();
    await db.eventType.update({ where: { id: eventType.id }, data: { schedulingType: "MANAGED" } });
    expect(await findTeamBookingPage(team.slug, eventType.slug)).toBeNull();
    await db.eventType.update({ where: { id: eventType.id }, data: { schedulingType: "ROUND_ROBIN", hidden: true } });
    expect(await findTeamBookingPage(team.slug, eventType.slug)).toBeNull();
  });

  it("lists the team event type's slots by its team, refuses another team's slug, and books one of its hosts", async () => {
    const { team, eventType, hostIds } = await makeTeamEventType({ hosts: 2, schedulingType: "ROUND_ROBIN" });
    const now = utcAt(0, 6);
    const { days } = await listBookingPageDays({ eventTypeId: eventType.id, teamSlug: team.slug, timeZone: "UTC", weekOffset: 0 }, now);
    expect(days).toHaveLength(14);
    expect(days[1]!.slots).toContain(utcAt(1, 9).toISOString());
    const other = await makeTeam();
    await expectAppError(listBookingPageDays({ eventTypeId: eventType.id, teamSlug: other.slug, timeZone: "UTC", weekOffset: 0 }, now), "NOT_FOUND");
    const confirmation = await bookFromPage({ eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee() }, "192.0.2.11");
    const booking = await db.booking.findUniqueOrThrow({ where: { uid: confirmation.uid }, select: { hosts: { select: { userId: true } } } });
    expect(booking.hosts).toHaveLength(1);
    expect(hostIds).toContain(booking.hosts[0]!.userId);
  });
});
