/** The public listings /{username} and /team/{teamSlug}, on the real database: visible event types only. */
import { describe, expect, it } from "vitest";
import { makeHostWithEventType } from "@/prisma/scheduling-factories";
import { makeTeam, makeTeamEventType } from "@/prisma/team-factories";
import { db } from "../db/client";
import { findTeamBookingPage } from "./booking-page.service";
import { findTeamProfile, findUserProfile } from "./public-profile.service";

describe("a user's public page", () => {
  it("shows the host and their visible event types, leaving hidden ones and other users' out", async () => {
    const { host, eventType } = await makeHostWithEventType();
    await db.user.update({ where: { id: host.id }, data: { bio: "I build things.", avatarUrl: "https://example.test/a.png" } });
    await db.eventType.create({ data: { userId: host.id, title: "Secret", slug: "secret", lengthInMinutes: 15, hidden: true } });
    await makeHostWithEventType();
    const profile = await findUserProfile(host.username.toUpperCase());
    expect(profile).toEqual({
      username: host.username,
      name: host.name,
      bio: "I build things.",
      avatarUrl: "https://example.test/a.png",
      eventTypes: [{ id: eventType.id, title: "Intro call", slug: eventType.slug, description: null, lengthInMinutes: 30 }],
    });
  });

  it("is null for an unknown or reserved name", async () => {
    expect(await findUserProfile("no-such-user-anywhere")).toBeNull();
    expect(await findUserProfile("settings")).toBeNull();
  });
});

describe("a team's public page", () => {
  it("lists the team's visible event types, each of which has a booking page", async () => {
    const { team, eventType } = await makeTeamEventType({ hosts: 1, schedulingType: "COLLECTIVE" });
    await db.eventType.create({ data: { teamId: team.id, title: "Hidden", slug: "hidden", lengthInMinutes: 15, hidden: true, schedulingType: "COLLECTIVE" } });
    await db.eventType.create({ data: { teamId: team.id, title: "Template", slug: "template", lengthInMinutes: 15, schedulingType: "MANAGED" } });
    const profile = await findTeamProfile(team.slug.toUpperCase());
    expect(profile?.eventTypes.map(({ slug }) => slug)).toEqual([eventType.slug]);
    expect(profile?.teams).toEqual([]);
    for (const listed of profile!.eventTypes) expect(await findTeamBookingPage(team.slug, listed.slug)).not.toBeNull();
  });

  it("lists an organization's teams, and is null for an unknown slug or a team inside an organization", async () => {
    const org = await makeTeam({ isOrganization: true });
    const inner = await makeTeam({ name: "Sales", parentId: org.id });
    const profile = await findTeamProfile(org.slug);
    expect(profile).toMatchObject({ name: org.name, eventTypes: [], teams: [{ name: "Sales", slug: inner.slug }] });
    expect(await findTeamProfile(inner.slug)).toBeNull();
    expect(await findTeamProfile("no-such-team-anywhere")).toBeNull();
  });
});
