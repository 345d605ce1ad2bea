import path from "node:path";
import { defineConfig } from "vitest/config";

const ROOT = import.meta.dirname;

export default defineConfig({
  resolve: { alias: { "@": ROOT } },
  test: {
    environment: "node",
    include: ["server/**/*.test.ts"],
    globalSetup: [path.join(ROOT, "e2e/support/vitest-global-setup.ts")],
    // Services write real rows; each test makes its own (unique e-mails), so files may run in parallel.
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: "silent" },
  },
});
