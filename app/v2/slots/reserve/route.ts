import { legacyReserveSlotRoute } from "@/server/slots/slots.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(legacyReserveSlotRoute);
