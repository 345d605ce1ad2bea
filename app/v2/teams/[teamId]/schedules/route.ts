import { listTeamSchedulesRoute } from "@/server/teams/team-resources.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listTeamSchedulesRoute);
