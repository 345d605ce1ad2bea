/** The public listings /{username} and /team/{teamSlug}, on the real database: visible event types only. */
import { describe, expect, it } from "vitest";
import { makeHostWithEventType } from "@/prisma/scheduling-factories";
import { makeTeam, makeTeamEventType } from "@/prisma/team-factories";
import { db } from "../db/client";
import { findOrgTeamBookingPage, findTeamBookingPage } from "./booking-page.service";
import { findOrganizationProfile, findOrganizationTeamProfile, isOrganizationSlug } from "./org-public-profile.service";
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
    for (const listed of profile!.eventTypes) expect(await findTeamBookingPage(team.slug, listed.slug)).not.toBeNull();
  });

  it("is null for an unknown slug, an organization (its page is /org/{orgSlug}) or a team inside an organization", async () => {
    const org = await makeTeam({ isOrganization: true });
    const inner = await makeTeam({ name: "Sales", parentId: org.id });
    expect(await findTeamProfile(org.slug)).toBeNull();
    expect(await isOrganizationSlug(org.slug.toUpperCase())).toBe(true);
    expect(await findTeamProfile(inner.slug)).toBeNull();
    expect(await findTeamProfile("no-such-team-anywhere")).toBeNull();
  });
});

describe("an organization's public pages", () => {
  /** An organization with team "sales" holding a visible round-robin type, a hidden one and a MANAGED template. */
  async function organizationWithSales() {
    const org = await makeTeam({ isOrganization: true });
    const sales = await db.team.create({ data: { name: "Sales", slug: "sales", parentId: org.id } });
    await makeTeam({ name: "Quiet", parentId: org.id });
    const visible = await db.eventType.create({
      data: { teamId: sales.id, title: "Demo", slug: "demo", lengthInMinutes: 30, schedulingType: "ROUND_ROBIN" },
    });
    await db.eventType.create({
      data: { teamId: sales.id, title: "Hidden", slug: "hidden", lengthInMinutes: 15, hidden: true, schedulingType: "ROUND_ROBIN" },
    });
    await db.eventType.create({ data: { teamId: sales.id, title: "Template", slug: "template", lengthInMinutes: 15, schedulingType: "MANAGED" } });
    return { org, sales, visible };
  }

  it("lists the organization's teams with their visible event types, each of which has a booking page", async () => {
    const { org, visible } = await organizationWithSales();
    const profile = await findOrganizationProfile(org.slug.toUpperCase());
    expect(profile).toMatchObject({ name: org.name, slug: org.slug });
    expect(profile?.teams.map(({ slug, eventTypes }) => [slug, eventTypes.map((eventType) => eventType.id)])).toEqual([
      [expect.stringMatching(/^team-/), []],
      ["sales", [visible.id]],
    ]);
    const team = await findOrganizationTeamProfile(org.slug, "SALES");
    expect(team).toMatchObject({ name: "Sales", organization: { slug: org.slug, name: org.name } });
    expect(team?.eventTypes.map(({ slug }) => slug)).toEqual(["demo"]);
    expect(await findOrgTeamBookingPage(org.slug, "sales", "demo")).toMatchObject({
      eventTypeId: visible.id,
      host: { name: "Sales", teamSlug: "sales", organizationSlug: org.slug },
    });
    for (const hidden of ["hidden", "template", "nope"]) expect(await findOrgTeamBookingPage(org.slug, "sales", hidden)).toBeNull();
  });

  it("keeps each organization's team namespace apart, and apart from top-level teams'", async () => {
    const first = await organizationWithSales();
    const second = await organizationWithSales();
    const topLevel = await makeTeam();
    expect(await findOrgTeamBookingPage(second.org.slug, "sales", "demo")).toMatchObject({ eventTypeId: second.visible.id });
    expect(await findOrgTeamBookingPage(first.org.slug, "sales", "demo")).toMatchObject({ eventTypeId: first.visible.id });
    // /team/sales never reaches an organization's "sales"; /org/{slug} never a plain team.
    expect(await findTeamBookingPage("sales", "demo")).toBeNull();
    expect(await findOrganizationProfile(topLevel.slug)).toBeNull();
    expect(await findOrganizationTeamProfile(first.org.slug, topLevel.slug)).toBeNull();
    expect(await findOrganizationProfile("no-such-org-anywhere")).toBeNull();
  });
});
