// Queries are counted through the Server-Timing recorder, which the pool installs when SERVER_TIMING=1 at its first connection.
process.env.SERVER_TIMING = "1";

import { describe } from "vitest";
import { busyInTheBatchCases, freeSlotCases, keptRowCases, hostLockCase } from "./one-round-trip.cases";

describe("the common booking's write in one round trip (PostgreSQL)", () => {
  freeSlotCases({ maxRoundTrips: 1 });
  hostLockCase();
  busyInTheBatchCases();
  keptRowCases();
});
