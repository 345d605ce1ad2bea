import { reserveSlotRoute } from "@/server/slots/slots-2024-09-04.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(reserveSlotRoute);
