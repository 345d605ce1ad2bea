import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type TOAuthClient = Outputs["oauthClients"]["list"][number];
export type TClientSecretListing = TOAuthClient["secrets"][number];
export type TClientStatus = TOAuthClient["status"];
export type TClientType = TOAuthClient["type"];
export type TCreatedClient = Outputs["oauthClients"]["create"];
