import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>["webhooks"];
export type TWebhookGroup = Outputs["list"][number];
export type TWebhookListing = TWebhookGroup["webhooks"][number];
export type TWebhookOwner = TWebhookGroup["owner"];
export type TCreatedWebhook = Outputs["create"];
export type TDelivery = Outputs["deliveries"][number];
