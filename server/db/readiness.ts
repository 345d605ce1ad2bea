/**
 * Readiness for load balancers (GET /api/ready): whether this instance can serve requests, which needs
 * its database. Liveness (GET /api/health) stays process-only, so a database outage takes instances out
 * of rotation without getting them restarted.
 */
import { sql } from "./client";
import { isDatabaseUnavailable } from "./unavailable";

/** Short, so a hung database fails the probe well within a load balancer's own check timeout. */
export const READINESS_DEADLINE_MS = 2_000;

export async function isDatabaseReady(deadlineMs = READINESS_DEADLINE_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  const answered = sql<{ ready: number }>("SELECT 1 AS ready").then(
    (rows) => rows[0]?.ready === 1,
    (error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
      return false;
    },
  );
  // Once the deadline has answered, nobody awaits the query: whatever it ends with must not become an unhandled rejection.
  answered.catch(() => {});
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
