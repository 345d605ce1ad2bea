/**
 * A booking that follows a routing form (`routing` of POST /v2/bookings, the booking page after a form): before it is
 * made, the response it names must exist and have led to no booking yet, and it gives the round robin's chosen hosts;
 * once made, the response records the booking's uid (a conditional update: one response, one booking).
 */
import { db } from "../db/client";
import { AppError } from "../errors";

export type TRouting = { responseId?: number; teamMemberIds?: number[] };

/** The rotating hosts to choose among: those sent, else those the response's route chose (empty: every host). */
export async function routedTeamMemberIds(routing: TRouting | undefined): Promise<number[]> {
  if (!routing) return [];
  if (routing.responseId === undefined) return routing.teamMemberIds ?? [];
  const response = await db.routingFormResponse.findUnique({
    where: { id: routing.responseId },
    select: { routedTeamMemberIds: true, routedToBookingUid: true },
  });
  if (!response)
    throw new AppError("BAD_REQUEST", "No such routing form response", [{ path: "body.routing.responseId", message: "No such routing form response" }]);
  if (response.routedToBookingUid !== null)
    throw new AppError("BAD_REQUEST", "This routing form response already led to a booking", [
      { path: "body.routing.responseId", message: "Already led to a booking" },
    ]);
  return routing.teamMemberIds ?? response.routedTeamMemberIds;
}

/** The response records the booking (unless another booking took it first, in which case it keeps that one). */
export async function recordRoutedBooking(routing: TRouting | undefined, bookingUid: string): Promise<void> {
  if (routing?.responseId === undefined) return;
  await db.routingFormResponse.updateMany({ where: { id: routing.responseId, routedToBookingUid: null }, data: { routedToBookingUid: bookingUid } });
}

/** For the booking page's slots: the hosts a response's route chose (none, or no such response: every host). */
export async function hostsChosenByResponse(responseId: number | undefined): Promise<number[]> {
  if (responseId === undefined) return [];
  const response = await db.routingFormResponse.findUnique({ where: { id: responseId }, select: { routedTeamMemberIds: true } });
  return response?.routedTeamMemberIds ?? [];
}
