/**
 * The HTTP contract tests that must hold on the embedded database too (tagged @embedded: bookings
 * create, cancel, reschedule and confirm, slots over a connected ICS feed, the OAuth code flow; in Chromium, the
 * site's availability pages), plus the
 * newcomer's own path (@npm-start), against `npm start` with no DATABASE_URL. `npm run test:e2e:embedded`.
 */
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

export default defineConfig({
  ...base,
  globalSetup: "./e2e/support/global-setup-embedded.ts",
  grep: /@embedded|@npm-start/,
  grepInvert: undefined,
  projects: [
    { name: "api-embedded", testDir: "e2e/api" },
    // The site's flows tagged @embedded (availability, bookings, calendars) in Chromium, as the ui project runs them.
    { name: "ui-embedded", testDir: "e2e/ui", use: base.projects?.find((project) => project.name === "ui")?.use },
  ],
});
