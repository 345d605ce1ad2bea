import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>["organizations"];
export type TOrganizationRequest = Outputs["adminRequests"][number];
export type TMyOrganizationRequest = Outputs["myRequests"][number];
export type TAdminOrganization = Outputs["adminList"][number];
