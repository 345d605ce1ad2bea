/** The v1 migration guide in Chromium: reachable from the API reference, and every row of the differences table with its before and after request. */
import { V1_DIFFERENCES } from "../../server/v1/v1-migration";
import { expect, test } from "../support/fixtures";

test("the API reference links the v1 migration guide, which renders every row of the differences table with a before and after request", async ({ page }) => {
  await page.goto("/docs/api");
  await page.getByRole("link", { name: "Migrating from API v1" }).click();
  await expect(page).toHaveURL(/\/docs\/migrate-v1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Migrating from API v1 to v2" })).toBeVisible();

  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(V1_DIFFERENCES.length + 1);
  for (const row of V1_DIFFERENCES) {
    const tableRow = table.getByRole("row").filter({ has: page.getByRole("link", { name: row.area, exact: true }) });
    await expect(tableRow.getByRole("cell")).toHaveText([row.area, row.v1, row.v2]);

    const section = page.getByRole("region", { name: row.area, exact: true });
    await expect(section.locator("pre")).toHaveText([row.before, row.after]);
    await expect(section.locator("pre").first()).toContainText("/v1/");
    await expect(section.locator("pre").last()).toContainText("/v2/");
  }

  await table.getByRole("link", { name: "Cancel booking", exact: true }).click();
  await expect(page).toHaveURL(/#cancel-booking$/);
  await expect(page.getByRole("region", { name: "Cancel booking", exact: true })).toBeInViewport();
});

test("the OAuth guide (its old address too) links the v1 migration guide", async ({ page }) => {
  await page.goto("/docs/oauth");
  await expect(page).toHaveURL(/\/docs\/authentication-and-oauth#oauth-20-for-app-developers$/);
  await page.getByRole("link", { name: "migrating from v1" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "From API v1" })).toBeVisible();
  await page.getByRole("link", { name: "/docs/migrate-v1" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Migrating from API v1 to v2" })).toBeVisible();
});
