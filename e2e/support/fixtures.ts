/** `test` with baseURL pointing at the server global setup started. Import `test`/`expect` from here. */
import { test as base, expect } from "@playwright/test";

export const test = base.extend({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
});

export { expect };
