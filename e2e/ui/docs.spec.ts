/**
 * The developer docs in Chromium: axe finds nothing serious on the guides, the reference's front page and a tag's
 * page, in both themes; a code block is reached and scrolled with the keyboard and copied with its button; the
 * search finds how to verify a webhook's signature and the operation that books.
 */
import { seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";

const PAGES = ["/docs", "/docs/webhooks", "/docs/tenancy-and-permissions", "/docs/api", "/docs/api/bookings"];

for (const theme of ["light", "dark"] as const) {
  test(`axe finds no serious violation on the docs in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(240_000); // axe walks every node of the reference's largest pages
    await page.addInitScript((value) => localStorage.setItem("convene-theme", value), theme);
    const findings: Record<string, string[]> = {};
    for (const path of PAGES) {
      expect((await page.goto(path))?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const violations = await seriousAxeViolations(page);
      if (violations.length) findings[path] = violations;
    }
    expect(findings).toEqual({});
  });
}

test("a code block is reached with Tab, scrolls with the arrow keys, and its button copies it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto("/docs/api/bookings");
  const example = page.locator("pre").filter({ hasText: '"status": "success"' }).first();
  await example.scrollIntoViewIfNeeded();
  const copy = page.getByRole("button", { name: /^Copy answer example of POST \/v2\/bookings$/ });
  await copy.focus();
  await page.keyboard.press("Tab");
  await expect(page.locator("pre:focus")).toHaveCount(1);
  const focused = page.locator("pre:focus");
  const before = await focused.evaluate((element) => element.scrollTop);
  await page.keyboard.press("PageDown");
  await expect.poll(() => focused.evaluate((element) => element.scrollTop)).toBeGreaterThan(before);

  await copy.click();
  await expect(copy).toHaveText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toMatchObject({ status: "success", data: { uid: expect.any(String) } });
});

test("the search finds the webhook signature guide and the booking operation", async ({ page }) => {
  await page.goto("/docs");
  const search = page.getByRole("searchbox", { name: "Search the docs" });
  await search.fill("signing");
  await page
    .getByRole("list", { name: "Search results" })
    .getByRole("link", { name: /Webhooks/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/docs\/webhooks/);

  await page.getByRole("searchbox", { name: "Search the docs" }).fill("POST /v2/bookings");
  await page
    .getByRole("list", { name: "Search results" })
    .getByRole("link", { name: /^POST \/v2\/bookings\b/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/docs\/api\/bookings#post-v2-bookings$/);
  await expect(page.getByRole("heading", { level: 3, name: "POST /v2/bookings", exact: true })).toBeInViewport();
});
