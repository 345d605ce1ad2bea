/** pipelinedTransaction on the embedded PGlite (one backend for every connection; unnamed statements). */
import { runOnEmbeddedDatabase } from "./embedded-test-database";
import { pipelinedTransactionCases } from "./pipelined-transaction.cases";

runOnEmbeddedDatabase();
pipelinedTransactionCases();
