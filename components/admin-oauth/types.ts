import { TRPCClientError } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

export type TReviewClient = inferRouterOutputs<AppRouter>["oauthReview"]["list"][number];

export function isForbidden(error: unknown): boolean {
  return error instanceof TRPCClientError && (error as TRPCClientError<AppRouter>).data?.code === "FORBIDDEN";
}
