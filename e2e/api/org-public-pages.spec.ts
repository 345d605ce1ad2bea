/**
 * The organization's public pages over HTTP (the embedded database too): two organizations each with a team "sales-…"
 * and a top-level team of the same slug never answer for each other, and /team/{slug} reaches top-level teams only.
 */
import { randomBytes } from "node:crypto";
import { makeTeamEventType } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { makePublicOrganization } from "../support/org-public-world";

test.afterAll(() => disconnectDb());

/** The booking-page links of a listing page. */
const bookingLinks = (html: string, base: string) => [...html.matchAll(new RegExp(`href="(${base}/[^"/]+)"`, "g"))].map((match) => match[1]);

test("same-slug teams of two organizations and a top-level team stay apart", { tag: "@embedded" }, async ({ request }) => {
  test.setTimeout(120_000);
  const teamSlug = `sales-${randomBytes(4).toString("hex")}`;
  const first = await makePublicOrganization({ teamSlug });
  const second = await makePublicOrganization({ teamSlug });
  const topLevel = await makeTeamEventType({ hosts: 1, schedulingType: "ROUND_ROBIN" });
  await db.team.update({ where: { id: topLevel.team.id }, data: { slug: teamSlug } });

  for (const { org, eventType } of [first, second]) {
    const base = `/org/${org.slug}/team/${teamSlug}`;
    const orgPage = await request.get(`/org/${org.slug}`);
    expect(orgPage.status()).toBe(200);
    expect(bookingLinks(await orgPage.text(), base)).toEqual([`${base}/demo`]);
    const bookingPage = await request.get(`${base}/demo`);
    expect(bookingPage.status()).toBe(200);
    // The page books this organization's event type: its id is what the slot query and the booking send.
    expect((await bookingPage.text()).match(/eventTypeId\\*":(\d+)/)?.[1]).toBe(String(eventType.id));
  }

  const teamPage = await request.get(`/team/${teamSlug}`);
  expect(teamPage.status()).toBe(200);
  expect(bookingLinks(await teamPage.text(), `/team/${teamSlug}`)).toEqual([`/team/${teamSlug}/${topLevel.eventType.slug}`]);
  expect((await request.get(`/team/${teamSlug}/demo`)).status()).toBe(404);
  // An organization's slug at /team/ is sent to its own page; a top-level team's slug is no organization.
  const moved = await request.get(`/team/${first.org.slug}`, { maxRedirects: 0 });
  expect([301, 308]).toContain(moved.status());
  expect(moved.headers().location).toMatch(new RegExp(`/org/${first.org.slug}$`));
  expect((await request.get(`/org/${teamSlug}`)).status()).toBe(404);
  expect((await request.get(`/org/${first.org.slug}/team/${teamSlug}/internal`)).status()).toBe(404);
});
