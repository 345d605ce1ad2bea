/** Routing forms on the embedded PGlite (routing-forms.cases.ts): the same cases as on PostgreSQL. */
import { describe } from "vitest";
import { runOnEmbeddedDatabase } from "../db/embedded-test-database";
import { routingFormCases } from "./routing-forms.cases";

runOnEmbeddedDatabase();

describe("routing forms (embedded PGlite)", () => {
  routingFormCases();
});
