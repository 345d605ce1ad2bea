/** Workflow reminders on the embedded PGlite (reminders.cases.ts): the same cases as on PostgreSQL. */
import { afterAll, describe } from "vitest";
import { startFakeTwilio } from "../../e2e/support/fake-twilio";
import { runOnEmbeddedDatabase } from "../db/embedded-test-database";
import { reminderCases } from "./reminders.cases";

const twilio = await startFakeTwilio();
Object.assign(process.env, twilio.serverEnv);

runOnEmbeddedDatabase();
afterAll(() => twilio.stop());

describe("workflow reminders (embedded PGlite)", () => {
  reminderCases(() => twilio);
});
