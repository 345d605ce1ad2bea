/** The job workers of an app process, with every subscriber registered: what server/bin/next-server.ts runs. */
import { registerSubscribers } from "../events/subscribers";
import { drainJobs, startJobs, stopJobs } from "./queue";

export async function startWorkers(): Promise<void> {
  registerSubscribers();
  await startJobs();
}

export const stopWorkers = stopJobs;

/** Service tests: run every due job (mails, calendar writes) now, in this process. */
export async function runPendingJobs(): Promise<void> {
  registerSubscribers();
  await drainJobs();
}
