/** The job workers of an app process, with every subscriber registered: what server/bin/next-server.ts runs. */
import { registerStatisticsRefresh } from "../db/table-statistics";
import { registerOutboxPruning } from "../events/outbox-retention";
import { registerWebhookSweep } from "../webhooks/webhook-sweep";
import { registerSubscribers } from "../events/subscribers";
import { drainJobs, startJobs, stopJobs } from "./queue";

/** Every job kind of the app: the domain events' subscribers, the outbox's hourly pruning, the webhook sweep, the statistics refresh. */
function registerJobs(): void {
  registerSubscribers();
  registerOutboxPruning();
  registerWebhookSweep();
  registerStatisticsRefresh();
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
