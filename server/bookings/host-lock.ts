/**
 * Bookings for one host are decided one at a time: a transaction takes a transaction-scoped advisory
 * lock per host (in ascending id order, so two transactions never wait on each other crosswise), then
 * checks availability and writes. Under READ COMMITTED the check runs after the lock is granted, so it
 * sees every booking committed before. The exclusion constraint on BookingHost stays as the backstop.
 */
import type { Tx } from "../db/client";
import type { Statement } from "../db/statement-batch";

const LOCK_NAMESPACE = 7_201; // two-key advisory locks: (namespace, host id)

export async function lockHosts(tx: Tx, hostIds: readonly number[]): Promise<void> {
  for (const hostId of [...new Set(hostIds)].sort((a, b) => a - b)) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${hostId}::int)`;
  }
}

/**
 * lockHosts as one statement, for a batch of statements (statement-batch.ts): the same locks in the same ascending
 * order (the aggregate takes them row by row from the sorted list). The batch's next statement runs once all are held.
 */
export function lockHostsStatement(hostIds: readonly number[]): Statement {
  return {
    text: `SELECT count(pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, host.id)) AS locked
             FROM (SELECT DISTINCT id FROM unnest($1::int[]) AS h(id) ORDER BY id OFFSET 0) AS host`,
    values: [[...hostIds]],
  };
}

/**
 * The host's lock if no one holds it, without waiting (round robin: a host another request is taking is skipped for
 * the next one). Never waiting, it cannot close a cycle, so it may be taken in any order after the blocking locks.
 */
export async function tryLockHost(tx: Tx, hostId: number): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${hostId}::int) AS locked`;
  return row?.locked === true;
}

/**
 * tryLockHost over `ranked` in order, in one statement (convene_try_lock_first_host): the first host whose lock it got,
 * passing over hosts with a live booking over the slot, and the hosts another request held. Never waits, like tryLockHost.
 */
export async function tryLockFirstHost(tx: Tx, ranked: readonly number[], slot: { start: Date; end: Date }): Promise<FirstHostLock> {
  const { text, values } = tryLockFirstHostStatement(ranked, slot);
  const [row] = await tx.$queryRawUnsafe<FirstHostLock[]>(text, ...values);
  return firstHostLockOf(row);
}

/** What tryLockFirstHost got: the host whose lock it took (null: none), and the hosts another request held. */
export type FirstHostLock = { host: number | null; held: number[] };

/** tryLockFirstHost as a statement, for a pipelined transaction (db/client.ts); its row goes through firstHostLockOf. */
export function tryLockFirstHostStatement(ranked: readonly number[], slot: { start: Date; end: Date }): Statement {
  return {
    text: `SELECT host, held FROM convene_try_lock_first_host($1::int, $2::int[], $3::timestamptz AT TIME ZONE 'UTC', $4::timestamptz AT TIME ZONE 'UTC')`,
    values: [LOCK_NAMESPACE, [...ranked], slot.start.toISOString(), slot.end.toISOString()],
  };
}

export const firstHostLockOf = (row: Partial<FirstHostLock> | undefined): FirstHostLock => ({ host: row?.host ?? null, held: row?.held ?? [] });

/** SQLSTATE 23P01: the exclusion constraint refused an overlapping live booking for a host. */
export function isOverlapViolation(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ""} ${JSON.stringify((error as { meta?: unknown })?.meta ?? {})} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return text.includes("23P01") || text.includes("BookingHost_no_overlap");
}
