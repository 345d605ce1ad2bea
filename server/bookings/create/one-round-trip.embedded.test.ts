/**
 * The one-round-trip booking on the embedded database (PGlite behind pglite-socket, ONE backend for every
 * connection): the batch of statements is one implicit transaction there too, rolled back whole on a taken slot.
 */
process.env.SERVER_TIMING = "1";

import { describe } from "vitest";
import { runOnEmbeddedDatabase } from "../../db/embedded-test-database";
import { busyInTheBatchCases, freeSlotCases, keptRowCases } from "./one-round-trip.cases";

runOnEmbeddedDatabase();

describe("the common booking's write in one round trip (embedded PGlite)", () => {
  // One more than on PostgreSQL: PGlite has no LISTEN, so the connected-calendar lookup is not cached
  // (db/listening-cache.ts) and reads SelectedCalendar on every booking, as it did before.
  freeSlotCases({ maxRoundTrips: 2 });
  busyInTheBatchCases();
  keptRowCases();
});
