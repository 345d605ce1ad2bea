import type { ApiRoute } from "../http/api-route";
import { defineRoute } from "../http/api-route";
import { ZAvailableSlotsOutput } from "./slots.dto";
import { ZAvailableSlotsQuery } from "./slots.schemas";
import { getAvailableSlots } from "./slot-listings";
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

export const slotRoutes: ApiRoute[] = [availableSlotsRoute, slotsRoute, reserveSlotRoute, getReservationRoute, updateReservationRoute, deleteReservationRoute];
