/** Workflow reminders on PostgreSQL (reminders.cases.ts); Twilio is a local stand-in speaking its Messages API. */
import { afterAll, describe } from "vitest";
import { startFakeTwilio } from "../../e2e/support/fake-twilio";
import { reminderCases } from "./reminders.cases";

// Before any module reads the environment (env() reads it once).
const twilio = await startFakeTwilio();
Object.assign(process.env, twilio.serverEnv);

afterAll(async () => {
  const { disconnectDb } = await import("../db/client");
  await disconnectDb();
  await twilio.stop();
});

describe("workflow reminders (PostgreSQL)", () => {
  reminderCases(() => twilio);
});
