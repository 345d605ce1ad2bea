import { recentLoopUtilization } from "./event-loop-load";

/**
 * Requests before background jobs, in one app process. A job (a mail, a calendar write, a webhook delivery) is never
 * on a request's path, but on the same machine it competes with requests for the CPU: a burst of bookings with ten
 * webhooks each would otherwise spend most of the process on deliveries while bookers wait. So while this process is
 * serving requests and its event loop is near full (JOBS_GIVE_WAY_ABOVE of the last 50 ms, default 0.8), its workers
 * start at most JOBS_BUSY_RATE jobs per second (default 5) between them. Otherwise they run at full speed: requests
 * that leave the loop idle lose nothing to a job, and once no request has been in flight for QUIET_MS the backlog
 * drains.
 *
 * No job waits here longer than JOBS_MAX_DEFER_MS (default 2 s), however long the load lasts. A rate alone would not
 * do: under load that never ends (a test suite, a busy day) jobs arrive faster than 5 a second, and an invitation
 * mail would wait minutes behind the backlog. Past the bound, a job competes with requests as an equal.
 *
 * Only server/bin/next-server.ts reports requests. A process that serves none (service tests, an instance started
 * only to run jobs) is always quiet, so its jobs never wait here.
 */

/** How long after the last response the process counts as idle: back-to-back requests leave gaps of a few ms. */
const QUIET_MS = 25;
const DEFAULT_BUSY_RATE = 5;
const DEFAULT_GIVE_WAY_ABOVE = 0.8;
const DEFAULT_MAX_DEFER_MS = 2_000;

type Waiting = { resolve: () => void; since: number };
type Gate = { inFlight: number; lastEndedAt: number; lastTurnAt: number; waiting: Waiting[]; timer: NodeJS.Timeout | null };

// On globalThis: Next.js may load this module once per route bundle, and the server process once more.
const holder = globalThis as unknown as { conveneForegroundGate?: Gate };
const gate = (holder.conveneForegroundGate ??= { inFlight: 0, lastEndedAt: 0, lastTurnAt: 0, waiting: [], timer: null });

/** A setting from the environment when it is a number in [min, ∞), else its default. */
function setting(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value >= min ? value : fallback;
}

const busyIntervalMs = () => 1000 / setting("JOBS_BUSY_RATE", DEFAULT_BUSY_RATE, Number.MIN_VALUE);
const maxDeferMs = () => setting("JOBS_MAX_DEFER_MS", DEFAULT_MAX_DEFER_MS, 0);

/** Requests in flight (or just ended) on a loop that has little to spare: only then does a job wait. */
const isServing = (now: number) =>
  (gate.inFlight > 0 || now - gate.lastEndedAt < QUIET_MS) && recentLoopUtilization() >= setting("JOBS_GIVE_WAY_ABOVE", DEFAULT_GIVE_WAY_ABOVE, 0);

/** Called by the HTTP server as a request arrives; `requestEnded` once its response is done (or its socket closed). */
export function requestStarted(): void {
  gate.inFlight += 1;
}

export function requestEnded(): void {
  gate.inFlight = Math.max(0, gate.inFlight - 1);
  gate.lastEndedAt = performance.now();
}

/** Whether no request is in flight nor ended within QUIET_MS: a job kind that batches may take all it has. */
export function isQuiet(): boolean {
  return !isServing(performance.now());
}

/**
 * Resolves when a background job may start: at once while the process is quiet, else at the busy rate in arrival
 * order, and at the latest JOBS_MAX_DEFER_MS after it was asked for.
 */
export function backgroundTurn(): Promise<void> {
  const now = performance.now();
  if (gate.waiting.length === 0 && (!isServing(now) || now - gate.lastTurnAt >= busyIntervalMs())) {
    gate.lastTurnAt = now;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    gate.waiting.push({ resolve, since: now });
    scheduleRelease();
  });
}

function scheduleRelease(): void {
  if (gate.timer || gate.waiting.length === 0) return;
  const now = performance.now();
  const untilTurn = gate.lastTurnAt + busyIntervalMs() - now;
  const untilQuiet = gate.inFlight > 0 ? Infinity : gate.lastEndedAt + QUIET_MS - now;
  const untilOverdue = gate.waiting[0]!.since + maxDeferMs() - now;
  // While requests keep coming, look again every QUIET_MS anyway: the process may go quiet before the next turn.
  gate.timer = setTimeout(release, Math.max(0, Math.min(untilTurn, untilQuiet, untilOverdue, QUIET_MS)));
  gate.timer.unref();
}

function release(): void {
  gate.timer = null;
  const now = performance.now();
  if (!isServing(now)) {
    for (const { resolve } of gate.waiting.splice(0)) resolve();
    gate.lastTurnAt = now;
    return;
  }
  // Arrival order: the overdue ones are at the front.
  const overdue = gate.waiting.findIndex(({ since }) => now - since < maxDeferMs());
  for (const { resolve } of gate.waiting.splice(0, overdue === -1 ? gate.waiting.length : overdue)) resolve();
  if (gate.waiting.length > 0 && now - gate.lastTurnAt >= busyIntervalMs()) {
    gate.waiting.shift()!.resolve();
    gate.lastTurnAt = now;
  }
  scheduleRelease();
}
