/**
 * Step, the write mode of round robin that locks only the hosts it takes (round-robin.ts): each try is a transaction
 * that claims the best free host whose lock it gets; a try that found every free host held by other requests ends
 * without writing (its locks go with it) and names them, and the next try waits for the first of them.
 */
import { db } from "../db/client";
import { AppError } from "../errors";
import { consumePrivateLinkUse } from "../event-types/private-link.service";
import { BOOKING_TX_OPTIONS, slotTakenError } from "./booking-rules";
import { insertAndEmit } from "./insert-and-emit";
import { newBookingOf } from "./new-booking";
import { claimRoundRobinHosts, rankPreparedHosts } from "./round-robin";
import type { CreateBookingResult, EarlyCheck, UnderLockWrite } from "./write-under-lock";

export type RoundRobinWrite = Pick<UnderLockWrite, "eventType" | "input" | "reservationUid"> & { early: EarlyCheck };

/** Which rotating hosts a try takes in turn, best first, and the one whose lock it waits for. */
type Rotation = { ranked: number[]; waitFor: number | null };

/** One try: booked, or the hosts another request held, to try again. */
type Try = { booked: CreateBookingResult } | { retry: number[] };

function claimAndWrite({ eventType, input, reservationUid, early }: RoundRobinWrite, rotation: Rotation): Promise<Try> {
  return db.$transaction(async (tx): Promise<Try> => {
    const claim = await claimRoundRobinHosts(tx, early.prepared, eventType, rotation.ranked, rotation.waitFor);
    if (claim.hostIds === null) return { retry: claim.retry }; // nothing written: committing it only lets the locks go
    if (claim.hostIds.length === 0) throw slotTakenError();
    if (input.privateLink && !(await consumePrivateLinkUse(tx, input.privateLink))) {
      throw new AppError("NOT_FOUND", "This private link is invalid or has expired");
    }
    const booking = newBookingOf(eventType, input, early.answers, { end: early.prepared.end, hostIds: claim.hostIds }, null);
    return { booked: { booking: await insertAndEmit(tx, eventType, booking, reservationUid), created: true } };
  }, BOOKING_TX_OPTIONS);
}

export async function bookRoundRobin(write: RoundRobinWrite): Promise<CreateBookingResult> {
  let rotation: Rotation = { ranked: await rankPreparedHosts(write.eventType, write.early.prepared), waitFor: null };
  for (;;) {
    const attempt = await claimAndWrite(write, rotation);
    if ("booked" in attempt) return attempt.booked;
    rotation = { ranked: attempt.retry, waitFor: attempt.retry[0]! };
  }
}
