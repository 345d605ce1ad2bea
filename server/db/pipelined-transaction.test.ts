/** pipelinedTransaction on PostgreSQL, one pool connection, so a connection left mid-transaction would show. */
process.env.DATABASE_POOL_SIZE = "1";

import { afterAll } from "vitest";
import { pipelinedTransactionCases } from "./pipelined-transaction.cases";

afterAll(async () => (await import("./client")).disconnectDb());

pipelinedTransactionCases();
