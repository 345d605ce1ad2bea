/**
 * The pages the shell sweep (site-shell.spec.ts) does not reach, in the three variants a new user meets them in: light at
 * 1280 px, light at 390 px, dark at 1280 px. Signed out: the landing page, log-in, sign-up, the forgotten-password page,
 * onboarding's first step, a host's profile and booking page, a team's page and booking page, and the docs on a phone.
 * Signed in: an event type's editor sections, a team's settings, asking for an organization, and the admin pages. Each
 * answers with its own heading, fits the width without scrolling sideways, and axe finds nothing serious or critical.
 */
import type { Page } from "@playwright/test";
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { addMember, makeTeamEventType } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { fitsWidth, seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { logIn } from "../support/web-session";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

const VARIANTS = [
  { theme: "light", width: 1280 },
  { theme: "light", width: 390 },
  { theme: "dark", width: 1280 },
] as const;

type Entry = { path: string; heading: string | RegExp };

/** Opens each entry in each variant and collects what fails, so one run names every page that needs work. */
async function sweep(page: Page, entries: Entry[]) {
  const findings: Record<string, string[]> = {};
  for (const { theme, width } of VARIANTS) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height: 900 });
    for (const entry of entries) {
      const where = `${entry.path} (${theme}, ${width} px)`;
      expect((await page.goto(entry.path))?.status(), where).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: entry.heading }).first(), where).toBeVisible();
      await page.waitForLoadState("networkidle");
      const problems = await seriousAxeViolations(page);
      if (!(await fitsWidth(page))) problems.push("the page scrolls sideways");
      if (problems.length) findings[where] = problems;
    }
  }
  expect(findings).toEqual({});
}

test("signed out: the landing, auth, onboarding, profile, booking and team pages, and the docs", async ({ page }) => {
  test.setTimeout(300_000);
  const { host, eventType } = await makeHostWithEventType();
  const { team, eventType: teamType } = await makeTeamEventType({ hosts: 2, schedulingType: "ROUND_ROBIN" });
  await sweep(page, [
    { path: "/", heading: "Convene" },
    { path: "/auth/login", heading: /Log in/ },
    { path: "/auth/signup", heading: /account/i },
    { path: "/auth/forgot-password", heading: /password/i },
    { path: "/onboarding", heading: /Get started/ },
    { path: `/${host.username}`, heading: host.name! },
    { path: `/${host.username}/${eventType.slug}`, heading: eventType.title },
    { path: `/team/${team.slug}`, heading: team.name },
    { path: `/team/${team.slug}/${teamType.slug}`, heading: teamType.title },
    { path: "/docs", heading: /./ },
    { path: "/docs/getting-started", heading: /./ },
  ]);
});

test("signed in: the event type editor's sections, a team's settings, the organization request and the admin pages", async ({ page }) => {
  test.setTimeout(300_000);
  const { host, eventType } = await makeHostWithEventType();
  await db.user.update({ where: { id: host.id }, data: { role: "ADMIN" } });
  const { team } = await makeTeamEventType({ hosts: 1, schedulingType: "ROUND_ROBIN" });
  await addMember(team.id, host.id, "ADMIN");
  await logIn(page.request, host.email);
  const editor = (section: string) => ({ path: `/event-types/${eventType.id}?section=${section}`, heading: eventType.title });
  await sweep(page, [
    ...["basics", "availability", "limits", "advanced", "private-links", "webhooks"].map(editor),
    { path: `/settings/teams/${team.id}`, heading: team.name },
    { path: "/settings/organizations/new", heading: /organization/i },
    { path: "/settings/admin/oauth", heading: /OAuth/ },
    { path: "/settings/admin/organizations", heading: /Organizations/ },
  ]);
});
