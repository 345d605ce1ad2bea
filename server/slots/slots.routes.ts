import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZAvailableSlotsOutput } from "./slots.dto";
import { ZAvailableSlotsQuery } from "./slots.schemas";
import { getAvailableSlots } from "./slot-listings";
import { reserveSlot } from "./slot-reservations";
import { ZLegacyReserveSlotInput, ZReservationOutput } from "./slot-reservations.schemas";
import { SLOTS_VERSIONS } from "./slots-2024-09-04.schemas";
import { deleteReservationRoute, getReservationRoute, reserveSlotRoute, slotsRoute, updateReservationRoute } from "./slots-2024-09-04.routes";

export const availableSlotsRoute = defineRoute(
  {
    method: "GET",
    path: "/v2/slots/available",
    tag: "Slots",
    summary: "Get the available slots of an event type between two timestamps (at most 90 days), grouped by day",
    access: "public",
    query: ZAvailableSlotsQuery,
    response: ZAvailableSlotsOutput,
  },
  ({ query }) => getAvailableSlots(query),
);

/** The peer's older path and body for a reservation (its first v2 clients call it), answered as POST /v2/slots/reservations. */
export const legacyReserveSlotRoute = defineRoute(
  {
    method: "POST",
    path: "/v2/slots/reserve",
    tag: "Slots",
    summary:
      "The peer's older spelling of POST /v2/slots/reservations: its body (slotUtcStartDate, slotUtcEndDate) or the current one; answers the current reservation",
    access: "public",
    versions: SLOTS_VERSIONS,
    body: ZLegacyReserveSlotInput,
    response: ZReservationOutput,
    successStatus: 201,
  },
  ({ principal, body }) => reserveSlot(principal, body),
);

export const slotRoutes: ApiRoute[] = [
  availableSlotsRoute,
  slotsRoute,
  reserveSlotRoute,
  legacyReserveSlotRoute,
  getReservationRoute,
  updateReservationRoute,
  deleteReservationRoute,
];
