/** The peer's slot routes, version 2024-09-04: the listing and slot reservations. Public, as the peer's (spec: slot endpoints need no scope). */
import { z } from "zod";
import { defineRoute } from "../http/api-route";
import { getSlots, ZSlotsOutput } from "./slots-2024-09-04";
import { SLOTS_VERSIONS, ZSlotsQuery } from "./slots-2024-09-04.schemas";
import { deleteReservation, getReservation, reserveSlot, updateReservation } from "./slot-reservations";
import { ZReservationOutput, ZReservationUidParams, ZReserveSlotInput } from "./slot-reservations.schemas";

const common = { tag: "Slots", versions: SLOTS_VERSIONS, access: "public" } as const;

export const slotsRoute = defineRoute(
  {
    ...common,
    method: "GET",
    path: "/v2/slots",
    summary: "Get the available slots of an event type between two dates or timestamps (at most 90 days), grouped by day in timeZone",
    query: ZSlotsQuery,
    response: ZSlotsOutput,
  },
  ({ query }) => getSlots(query),
);

export const reserveSlotRoute = defineRoute(
  {
    ...common,
    method: "POST",
    path: "/v2/slots/reservations",
    summary: "Reserve a slot: nobody else can book or reserve it until the reservation expires or is deleted",
    body: ZReserveSlotInput,
    response: ZReservationOutput,
    successStatus: 201,
  },
  ({ principal, body }) => reserveSlot(principal, body),
);

export const getReservationRoute = defineRoute(
  {
    ...common,
    method: "GET",
    path: "/v2/slots/reservations/{uid}",
    summary: "Get a slot reservation (404 once it expired, was booked or released, or when there is none)",
    params: ZReservationUidParams,
    response: ZReservationOutput,
  },
  ({ params }) => getReservation(params.uid),
);

export const updateReservationRoute = defineRoute(
  {
    ...common,
    method: "PATCH",
    path: "/v2/slots/reservations/{uid}",
    summary: "Move or renew a slot reservation (an expired one is a 404)",
    params: ZReservationUidParams,
    body: ZReserveSlotInput,
    response: ZReservationOutput,
  },
  ({ principal, params, body }) => updateReservation(principal, params.uid, body),
);

export const deleteReservationRoute = defineRoute(
  {
    ...common,
    method: "DELETE",
    path: "/v2/slots/reservations/{uid}",
    summary: "Delete a slot reservation: the slot is free again at once",
    params: ZReservationUidParams,
    response: z.null().describe("Always null"),
  },
  ({ params }) => deleteReservation(params.uid),
);
