/** Routing forms on PostgreSQL (routing-forms.cases.ts). */
import { afterAll, describe } from "vitest";
import { routingFormCases } from "./routing-forms.cases";

afterAll(async () => {
  const { disconnectDb } = await import("../db/client");
  await disconnectDb();
});

describe("routing forms (PostgreSQL)", () => {
  routingFormCases();
});
