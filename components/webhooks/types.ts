import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>["webhooks"];
export type TWebhookListing = Outputs["list"][number];
export type TCreatedWebhook = Outputs["create"];
export type TDelivery = Outputs["deliveries"][number];
