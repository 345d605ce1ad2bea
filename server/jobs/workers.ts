/** The job workers of an app process, with every subscriber registered: what server/bin/next-server.ts runs. */
import { registerOutboxPruning } from "../events/outbox-retention";
import { registerSubscribers } from "../events/subscribers";
import { drainJobs, startJobs, stopJobs } from "./queue";

/** Every job kind of the app: the domain events' subscribers, and the outbox's hourly pruning. */
function registerJobs(): void {
  registerSubscribers();
  registerOutboxPruning();
}

export async function startWorkers(): Promise<void> {
  registerJobs();
  await startJobs();
}

export const stopWorkers = stopJobs;

/** Service tests: run every due job (mails, calendar writes) now, in this process. */
export async function runPendingJobs(): Promise<void> {
  registerJobs();
  await drainJobs();
}
