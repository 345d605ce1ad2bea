/**
 * The consent decision inside the embed. The code goes to the embedding page by postMessage, so the
 * request must be the one the embed verified (same client, same redirect URI): otherwise a page that
 * verified its own client could collect codes minted for another app.
 */
import type { Actor } from "../auth/actor";
import { decideAuthorization } from "../oauth/authorization-codes";
import { getEmbedContext } from "./embed-context";
import { embedMessage, type EmbedMessage } from "./embed-messages";
import { matchesEmbed } from "./embed-session";

export type EmbedDecision = EmbedMessage<"authorization:allowed" | "authorization:denied" | "onboarding:error">;

const failed = (message: string): EmbedDecision => embedMessage("onboarding:error", { code: "AUTHORIZATION_FAILED", message });

export async function decideInEmbed(actor: Actor | null, params: Record<string, string>, allow: boolean): Promise<EmbedDecision> {
  const context = await getEmbedContext();
  if (!context || !matchesEmbed(context, params)) return failed("This page does not belong to the app that opened it.");
  if (!actor) return failed("Your session has ended. Please start again.");
  const decision = await decideAuthorization(actor, params, allow);
  if (decision.kind === "page-error") return failed(decision.message);
  const answer = new URL(decision.location).searchParams;
  const code = answer.get("code");
  const state = answer.get("state") ?? "";
  if (code) return embedMessage("authorization:allowed", { code, state });
  if (answer.get("error") === "access_denied") return embedMessage("authorization:denied", { error: "access_denied", state });
  return failed(answer.get("error_description") ?? "The authorization request is invalid.");
}
