import { TRPCClientError } from "@trpc/client";

/** A failure the person cannot fix by changing what they typed (a server fault, the network). */
export function isUnexpected(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return true;
  const code = (error.data as { code?: string } | undefined)?.code;
  return code === undefined || code === "INTERNAL_SERVER_ERROR";
}
