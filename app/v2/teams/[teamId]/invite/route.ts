import { inviteToTeamRoute } from "@/server/teams/teams.routes";
import { routeHandlers } from "@/server/http/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(inviteToTeamRoute);
