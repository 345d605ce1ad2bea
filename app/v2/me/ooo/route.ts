import { createOutOfOfficeRoute, listOutOfOfficeRoute } from "@/server/out-of-office/out-of-office.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listOutOfOfficeRoute, createOutOfOfficeRoute);
