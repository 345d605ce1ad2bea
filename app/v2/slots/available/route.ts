import { availableSlotsRoute } from "@/server/slots/slots.routes";

export const GET = availableSlotsRoute.handle;
