import { defineConfig } from "@playwright/test";

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  // @npm-start tests need `npm start` itself as the server: playwright.embedded.config.ts runs them.
  grepInvert: /@npm-start/,
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  // A loaded 2-core machine (a production build, PostgreSQL, Chromium and fake providers at once) can
  // take longer than the 5 s default to paint a dialog.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  projects: [
    { name: "api", testDir: "e2e/api" },
    {
      name: "ui",
      testDir: "e2e/ui",
      use: {
        browserName: "chromium",
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
        trace: "retain-on-failure",
      },
    },
  ],
});
