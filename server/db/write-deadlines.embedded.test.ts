/**
 * Issue 33 on the embedded PGlite: a write queued behind another connection's transaction past every deadline is
 * answered with an error and, once that transaction ends, has written nothing (pglite-socket drops the queued
 * messages of a connection the deadline closed, and rolls back its transaction).
 */
import { afterAll } from "vitest";
import { runOnEmbeddedDatabase } from "./embedded-test-database";
import { DEADLINES, seedForDeadlines, writesHeldPastEveryDeadlineCases } from "./write-deadlines.cases";

runOnEmbeddedDatabase();
afterAll(() => {
  for (const name of Object.keys(DEADLINES)) delete process.env[name];
});
seedForDeadlines();
writesHeldPastEveryDeadlineCases();
