import path from "node:path";
import { defineConfig } from "vitest/config";

const ROOT = import.meta.dirname;

export default defineConfig({
  resolve: { alias: { "@": ROOT } },
  test: {
    environment: "node",
    // The session secret npm start and the e2e server set; manage links (server/bookings/manage-link.ts) derive their key from it.
    env: { LOG_LEVEL: "silent", NEXTAUTH_SECRET: "vitest-only-secret-for-derived-keys" },
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["server/**/*.test.ts"],
          // Only this project needs the scratch PostgreSQL database.
          globalSetup: [path.join(ROOT, "e2e/support/vitest-global-setup.ts")],
          // Services write real rows; each test makes its own (unique e-mails), so files may run in parallel.
          pool: "forks",
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Pure units of the published packages: no database, so they run (and fail) on their own.
        test: { name: "packages", include: ["packages/**/*.test.ts"] },
      },
      {
        extends: true,
        // The bench's statistics and slice scheduler: pure units, no database or server.
        test: { name: "bench", include: ["e2e/bench/**/*.test.ts"] },
      },
      {
        extends: true,
        // Pure units of the site's components (message wording, no browser, no database).
        test: { name: "components", include: ["components/**/*.test.ts"] },
      },
    ],
  },
});
