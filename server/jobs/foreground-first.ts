/**
 * Requests before background jobs, in one app process. A job (a mail, a calendar write, a webhook delivery) is never
 * on a request's path, but on the same machine it competes with requests for the CPU: a burst of bookings with ten
 * webhooks each would otherwise spend most of the process on deliveries while bookers wait. So while this process is
 * serving requests, its workers start at most JOBS_BUSY_RATE jobs per second (default 5) between them; once no
 * request has been in flight for QUIET_MS they run at full speed, and the backlog drains. The floor keeps jobs moving
 * under sustained load: nothing waits for the load to end.
 *
 * Only server/bin/next-server.ts reports requests. A process that serves none (service tests, an instance started
 * only to run jobs) is always quiet, so its jobs never wait here.
 */

/** How long after the last response the process counts as idle: back-to-back requests leave gaps of a few ms. */
const QUIET_MS = 25;
const DEFAULT_BUSY_RATE = 5;

type Gate = { inFlight: number; lastEndedAt: number; lastTurnAt: number; waiting: (() => void)[]; timer: NodeJS.Timeout | null };

// On globalThis: Next.js may load this module once per route bundle, and the server process once more.
const holder = globalThis as unknown as { conveneForegroundGate?: Gate };
const gate = (holder.conveneForegroundGate ??= { inFlight: 0, lastEndedAt: 0, lastTurnAt: 0, waiting: [], timer: null });

function busyIntervalMs(): number {
  const rate = Number(process.env.JOBS_BUSY_RATE ?? DEFAULT_BUSY_RATE);
  return 1000 / (Number.isFinite(rate) && rate > 0 ? rate : DEFAULT_BUSY_RATE);
}

const isServing = (now: number) => gate.inFlight > 0 || now - gate.lastEndedAt < QUIET_MS;

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

/** Resolves when a background job may start: at once while the process is quiet, else at the busy rate, in arrival order. */
export function backgroundTurn(): Promise<void> {
  const now = performance.now();
  if (gate.waiting.length === 0 && (!isServing(now) || now - gate.lastTurnAt >= busyIntervalMs())) {
    gate.lastTurnAt = now;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    gate.waiting.push(resolve);
    scheduleRelease();
  });
}

function scheduleRelease(): void {
  if (gate.timer || gate.waiting.length === 0) return;
  const now = performance.now();
  const untilTurn = gate.lastTurnAt + busyIntervalMs() - now;
  const untilQuiet = gate.inFlight > 0 ? Infinity : gate.lastEndedAt + QUIET_MS - now;
  // While requests keep coming, look again every QUIET_MS anyway: the process may go quiet before the next turn.
  gate.timer = setTimeout(release, Math.max(0, Math.min(untilTurn, untilQuiet, QUIET_MS)));
  gate.timer.unref();
}

function release(): void {
  gate.timer = null;
  const now = performance.now();
  if (!isServing(now)) {
    for (const resolve of gate.waiting.splice(0)) resolve();
    gate.lastTurnAt = now;
    return;
  }
  if (now - gate.lastTurnAt >= busyIntervalMs()) {
    gate.waiting.shift()?.();
    gate.lastTurnAt = now;
  }
  scheduleRelease();
}
