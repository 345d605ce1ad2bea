import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type TCalendarsList = inferRouterOutputs<AppRouter>["calendars"]["list"];
export type TConnection = TCalendarsList["connectedCalendars"][number];
export type TDestination = TCalendarsList["destinationCalendar"];
