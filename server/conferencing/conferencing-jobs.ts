/** The conferencing subscriber's registration (server/events/subscribers.ts calls it once per worker process). */
import type { subscribeToDomainEvents } from "../events/domain-events";
import { syncMeetingEvent } from "./meeting-sync";

export function registerConferencingJobs(subscribe: typeof subscribeToDomainEvents): void {
  // A Zoom call is bounded by its 10 s timeouts; a few per job (list, create, maybe a token refresh). Four pollers: the
  // booking's confirmation mail waits for this job's link, so it must not queue behind a burst of bookings.
  subscribe("conferencing", syncMeetingEvent, { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 120, workers: 4, batchSize: 5 });
}
