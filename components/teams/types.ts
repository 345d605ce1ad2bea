import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>["teams"];
export type TTeamListing = Outputs["list"][number];
export type TMember = Outputs["members"][number];
export type TInvitation = Outputs["invitations"][number];
export type TTeamRole = TMember["role"];
export const ROLES: readonly TTeamRole[] = ["MEMBER", "ADMIN", "OWNER"];
