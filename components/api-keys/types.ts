import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>["apiKeys"];
export type TApiKeyListing = Outputs["list"][number];
export type TCreatedApiKey = Outputs["create"];
