/**
 * A popular slot draws a burst of identical requests (a class opening, a shared link). Each would run the whole
 * availability check and then queue for the host lock, only to learn one by one, under the lock, that the first
 * took it. Inside one process that is avoidable: a request for a slot that another request of this process is
 * already booking waits for it (a "flight") and, if that one books it, is answered 409 at once.
 *
 * Why the answer is right: the request in flight was still running when the waiter arrived, so its booking
 * committed after the waiter's arrival: the slot was taken during the waiter's request. Only a booking that takes
 * every host the slot could have (not round robin) settles the waiters this way; any other outcome (an error, a
 * refusal, no booking) wakes them to run as usual, one flight at a time. Several processes each have their own
 * flights, and the host lock decides between them as before.
 */
import { slotTakenError } from "./booking-rules";

/** Resolves true when the request in flight booked the slot. On globalThis: Next.js may load this module once per route bundle. */
const flights = ((globalThis as unknown as { conveneSlotFlights?: Map<string, Promise<boolean>> }).conveneSlotFlights ??= new Map());

export const slotFlightKey = (eventTypeId: number, start: Date, lengthInMinutes: number) => `${eventTypeId}|${start.getTime()}|${lengthInMinutes}`;

/**
 * Runs `book` as the only request of this process booking `key`, after waiting for the one in flight (if any).
 * `filled(result)`: whether the result is a booking that leaves the slot with no free host.
 */
export async function inSlotFlight<T>(key: string, book: () => Promise<T>, filled: (result: T) => boolean): Promise<T> {
  for (let current = flights.get(key); current; current = flights.get(key)) {
    if (await current) throw slotTakenError();
  }
  let settle!: (booked: boolean) => void;
  const flight = new Promise<boolean>((resolve) => (settle = resolve));
  flights.set(key, flight);
  try {
    const result = await book();
    settle(filled(result));
    return result;
  } catch (error) {
    settle(false);
    throw error;
  } finally {
    // Runs before the waiters resume (they continue in later microtasks), so the first of them starts the next flight.
    flights.delete(key);
  }
}

/** For tests: how many slots have a request in flight. */
export const slotsInFlight = () => flights.size;
