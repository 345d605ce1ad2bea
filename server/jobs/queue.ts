/**
 * Background jobs on pg-boss 10, in the application's database (PostgreSQL or the embedded PGlite), schema `pgboss`
 * (created by the migration `domain_events`, so any migrated database takes jobs before a worker ever ran).
 *
 * - `defineJob(name, handler, options)` registers a job kind: its queue is `name`, its retry and expiry are the
 *   queue's (set by `startJobs`). A handler that throws is retried; one whose worker died (kill -9) is offered again
 *   once its `expireInSeconds` has passed. So every handler must be safe to run twice (at least once, never exactly once).
 * - `enqueueJob(tx, name, data)` writes the job through `tx`: it commits or rolls back with the change. With `null`
 *   it goes through the global client, outside any transaction.
 * - `startJobs()` / `stopJobs()`: the workers of this process (server/bin/next-server.ts), polling with their own
 *   small pool (JOBS_POOL_SIZE), never Prisma's. `JOBS_WORKERS=0` runs none (jobs wait for another instance).
 * - `drainJobs()` runs what is due in-process, for service tests.
 */
import PgBoss from "pg-boss";
import { db, type Tx } from "../db/client";
import { log } from "../log";
import { isDatabaseUnavailable } from "../db/unavailable";
import { backgroundTurn, isQuiet } from "./foreground-first";

export type JobOptions = {
  /** Attempts after the first; default 5. */
  retryLimit?: number;
  /** Seconds before the first retry; with `retryBackoff` each later one waits twice as long (pg-boss adds jitter). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** How long one attempt may hold the job: after it, a job whose worker vanished is offered again. Default 60 s. */
  expireInSeconds?: number;
  /** Pollers in each process (each runs its batch one job at a time, in creation order). Default 1. */
  workers?: number;
  batchSize?: number;
  /** A cron expression (UTC): pg-boss sends the job on that schedule, once per slot however many instances run. */
  cron?: string | null;
};
export type JobContext = { id: string; retryCount: number };
export type JobHandler<Data> = (data: Data, job: JobContext) => Promise<void>;
/** Several jobs of one kind at once (`defineBatchJob`): a throw fails all of them; a job it must fail alone it returns. */
export type BatchJobHandler<Data> = (jobs: (JobContext & { data: Data })[]) => Promise<void>;
export type EnqueueOptions = { startAfter?: Date; singletonKey?: string };

type Definition = { handler: JobHandler<never>; batchHandler: BatchJobHandler<never> | null; options: Required<JobOptions> };
type Jobs = { boss: PgBoss | null; definitions: Map<string, Definition>; checkedQueues: Set<string>; stopping: Promise<void> | null };

const DEFAULTS: Required<JobOptions> = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, workers: 1, batchSize: 10, cron: null };
const POLLING_INTERVAL_SECONDS = 0.5;
/** How long `stopJobs` lets running jobs finish; pg-boss hands what is still running back to the queue (retry). */
const STOP_TIMEOUT_MS = 10_000;

// On globalThis: Next.js may load this module once per route bundle, and the server process once more.
const holder = globalThis as unknown as { conveneJobs?: Jobs };
const jobs = (holder.conveneJobs ??= { boss: null, definitions: new Map(), checkedQueues: new Set(), stopping: null });

/** pg sends a plain object as JSON text (pg-boss's job data); arrays stay arrays (`$2::uuid[]`). */
const isPlainObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** pg-boss's SQL through a Prisma client or transaction: parameters as pg would send them. */
function through(client: Tx): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const parameters = values.map((value) => (value === undefined ? null : isPlainObject(value) ? JSON.stringify(value) : value));
      return { rows: await client.$queryRawUnsafe<Record<string, unknown>[]>(text, ...parameters) };
    },
  };
}

/** The process's pg-boss: its own pool, opened only by `startJobs`; enqueueing never uses it. */
function boss(): PgBoss {
  if (jobs.boss) return jobs.boss;
  const instance = new PgBoss({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.JOBS_POOL_SIZE ?? 3),
    application_name: "convene-jobs",
    schema: "pgboss",
    // Expired jobs (a worker that died) are found by maintenance: often enough that a crash costs seconds, not minutes.
    maintenanceIntervalSeconds: 15,
    // Cron jobs (JobOptions.cron): pg-boss's timekeeper, which sends each slot's job once across instances.
    schedule: true,
    pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
  });
  // pg-boss reports its pool's and its loops' failures here and carries on: during an outage they are expected (warn),
  // and the queue resumes once the database is back without a restart (server/jobs/outage.test.ts).
  instance.on("error", (error) =>
    isDatabaseUnavailable(error) ? log.warn("job queue: database unavailable; retrying", { error }) : log.error("job queue error", { error }),
  );
  return (jobs.boss = instance);
}

export function defineJob<Data extends object>(name: string, handler: JobHandler<Data>, options: JobOptions = {}): void {
  if (jobs.definitions.has(name)) throw new Error(`job ${name} is defined twice`);
  jobs.definitions.set(name, { handler: handler as JobHandler<never>, batchHandler: null, options: { ...DEFAULTS, ...options } });
}

/**
 * A job kind whose handler takes several jobs at once, for work that costs per round trip rather than per job
 * (webhook deliveries: one query loads a batch's messages, one insert logs their attempts). While requests are being
 * served it still gets one job per turn (foreground-first.ts), so a batch never buys more CPU than single jobs would.
 */
export function defineBatchJob<Data extends object>(name: string, handler: BatchJobHandler<Data>, options: JobOptions = {}): void {
  if (jobs.definitions.has(name)) throw new Error(`job ${name} is defined twice`);
  const one: JobHandler<Data> = (data, job) => handler([{ ...job, data }]);
  jobs.definitions.set(name, { handler: one as JobHandler<never>, batchHandler: handler as BatchJobHandler<never>, options: { ...DEFAULTS, ...options } });
}

/**
 * A queue that does not exist would drop the job without a word (pg-boss inserts through a join on its queues), so
 * the first enqueue of each name in a process checks, in the same transaction, that its queue is there.
 */
async function assertQueuesExist(client: Tx, names: string[]): Promise<void> {
  const unchecked = [...new Set(names)].filter((name) => !jobs.checkedQueues.has(name));
  if (unchecked.length === 0) return;
  const rows = await client.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM pgboss.queue WHERE name = ANY($1::text[])`, unchecked);
  const missing = unchecked.filter((name) => !rows.some((row) => row.name === name));
  if (missing.length) throw new Error(`no job queue ${missing.join(", ")}: create it in a migration (SELECT pgboss.create_queue(…)) or run startJobs`);
  for (const name of unchecked) jobs.checkedQueues.add(name);
}

/** The queues' check of a first enqueue, made now on the global client (a later enqueue of them then reads nothing). */
export const checkQueuesExist = (names: string[]): Promise<void> => assertQueuesExist(db, names);

/** Several jobs in one INSERT, through `tx` (the change's transaction) or, with null, the global client. */
export async function enqueueJobs(tx: Tx | null, list: { name: string; data: object; singletonKey?: string }[]): Promise<void> {
  if (list.length === 0) return;
  const client = tx ?? db;
  await assertQueuesExist(
    client,
    list.map(({ name }) => name),
  );
  await boss().insert(list, { db: through(client) });
}

export type Statement = { text: string; values: unknown[] };

/** `$1`… of `text` moved up by `offset`, so it can follow another statement's parameters. */
const shiftParameters = (text: string, offset: number) => text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);

/**
 * A change's own INSERT … RETURNING and its jobs, as ONE statement through `tx` (pg-boss's insert as a second
 * data-modifying CTE): a booking writes its domain event and the event's jobs in one round trip, not two. Returns
 * the change's rows. `change.text` numbers its parameters from $1 and holds no other `$` followed by a digit.
 */
export async function insertWithJobs<Row extends object>(tx: Tx, change: Statement, list: { name: string; data: object }[]): Promise<Row[]> {
  if (list.length === 0) return tx.$queryRawUnsafe<Row[]>(change.text, ...change.values);
  await assertQueuesExist(
    tx,
    list.map(({ name }) => name),
  );
  let rows: Row[] = [];
  const combined: PgBoss.Db = {
    executeSql: async (jobsText, jobValues = []) => {
      const text = `WITH change AS (${shiftParameters(change.text, jobValues.length)}), jobs AS (${jobsText}) SELECT * FROM change`;
      rows = (await through(tx).executeSql(text, [...jobValues, ...change.values])).rows as Row[];
      return { rows: [] };
    },
  };
  await boss().insert(list, { db: combined });
  return rows;
}

export async function enqueueJob(tx: Tx | null, name: string, data: object, options: EnqueueOptions = {}): Promise<string | null> {
  const client = tx ?? db;
  await assertQueuesExist(client, [name]);
  return boss().send(name, data, { ...options, db: through(client) });
}

/**
 * An SQL condition for queries that must know whether a job is still to run: one of queue `queue` (an SQL
 * expression) whose data field `field` equals `value` (an SQL text expression) is waiting, retrying or running.
 */
export const unfinishedJobExistsSql = (queue: string, field: string, value: string) =>
  `EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = ${queue} AND j.state < 'completed' AND j.data->>'${field}' = ${value})`;

type FetchedJob = { id: string; data: unknown; retryCount?: number };

/**
 * One job after another, in creation order, each when requests leave it a turn (foreground-first.ts); a failure
 * fails that job alone (retried per its queue), the rest complete. A batch job kind gets, per turn, every job left
 * when the process is quiet, one while it serves requests.
 */
async function runBatch(name: string, definition: Definition, batch: FetchedJob[], fail: (id: string, error: unknown) => Promise<void>) {
  if (definition.batchHandler) return runAsBatches(name, definition.batchHandler, batch, fail);
  for (const job of batch) {
    await backgroundTurn();
    try {
      await definition.handler(job.data as never, { id: job.id, retryCount: job.retryCount ?? 0 });
    } catch (error) {
      log.warn("job failed; it will be retried while attempts remain", { job: name, jobId: job.id, error });
      await fail(job.id, error);
    }
  }
}

async function runAsBatches(name: string, handler: BatchJobHandler<never>, batch: FetchedJob[], fail: (id: string, error: unknown) => Promise<void>) {
  for (let index = 0; index < batch.length;) {
    await backgroundTurn();
    const taken = batch.slice(index, isQuiet() ? batch.length : index + 1);
    index += taken.length;
    try {
      await handler(taken.map((job) => ({ id: job.id, retryCount: job.retryCount ?? 0, data: job.data as never })));
    } catch (error) {
      log.warn("job batch failed; its jobs will be retried while attempts remain", { job: name, jobs: taken.length, error });
      for (const job of taken) await fail(job.id, error);
    }
  }
}

const failure = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) });

async function configureQueue(instance: PgBoss, name: string, { retryLimit, retryDelay, retryBackoff, expireInSeconds, cron }: Required<JobOptions>) {
  const options = { name, policy: "standard" as const, retryLimit, retryDelay, retryBackoff, expireInSeconds };
  await instance.createQueue(name, options);
  await instance.updateQueue(name, options);
  if (cron) await instance.schedule(name, cron, {}, { tz: "UTC" });
}

export async function startJobs(): Promise<void> {
  const instance = boss();
  await instance.start();
  for (const [name, definition] of jobs.definitions) await configureQueue(instance, name, definition.options);
  if (process.env.JOBS_WORKERS === "0") {
    log.info("job workers not started (JOBS_WORKERS=0): jobs wait for another instance");
    return;
  }
  for (const [name, definition] of jobs.definitions) {
    for (let index = 0; index < definition.options.workers; index++) {
      let workerId = "";
      workerId = await instance.work<unknown>(name, { batchSize: definition.options.batchSize, includeMetadata: true }, async (batch) => {
        await runBatch(name, definition, batch, (id, error) => instance.fail(name, id, failure(error)));
        // Jobs came: more may be waiting (or arriving, a burst being enqueued), so fetch again now; pg-boss waits the
        // polling interval only after a fetch that found nothing.
        if (batch.length > 0 && workerId) instance.notifyWorker(workerId);
      });
    }
  }
}

/** Stops fetching, lets running jobs finish (at most STOP_TIMEOUT_MS), closes the pool. Safe to call twice. */
export function stopJobs(): Promise<void> {
  const instance = jobs.boss;
  if (!instance) return Promise.resolve();
  jobs.stopping ??= instance.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS }).finally(() => {
    jobs.boss = null;
    jobs.stopping = null;
  });
  return jobs.stopping;
}

/**
 * Service tests: runs every due job of the defined kinds in this process, through the global client, until none is
 * left, then waits (up to `timeoutMs`) for jobs another process or test file is running, so what follows sees their effects.
 */
export async function drainJobs(timeoutMs = 15_000): Promise<void> {
  const instance = boss();
  const client = through(db);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let ran = 0;
    for (const [name, definition] of jobs.definitions) {
      // Without metadata: its interval and enum columns do not come back through Prisma's raw queries.
      const batch = (await instance.fetch<unknown>(name, { batchSize: 50, db: client })) ?? [];
      ran += batch.length;
      const failed = new Set<string>();
      await runBatch(name, definition, batch, async (id, error) => {
        failed.add(id);
        await instance.fail(name, id, failure(error), { db: client });
      });
      // One by one: pg-boss's typings have no `data` for an id list, and its code reads the third argument as data.
      for (const { id } of batch) if (!failed.has(id)) await instance.complete(name, id, {}, { db: client });
    }
    if (ran > 0) continue;
    const [{ active } = { active: 0 }] = await db.$queryRawUnsafe<{ active: number }[]>(
      `SELECT count(*)::int AS active FROM pgboss.job WHERE name = ANY($1::text[]) AND state = 'active' AND started_on + expire_in > now()`,
      [...jobs.definitions.keys()],
    );
    if (active === 0) return;
    if (Date.now() > deadline) throw new Error(`drainJobs: ${active} job(s) still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
