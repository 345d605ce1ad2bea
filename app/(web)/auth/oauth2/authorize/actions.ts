"use server";
/** The consent decision. Server actions only accept same-origin POSTs, which is our CSRF defence here. */
import { redirect } from "next/navigation";
import { getActor } from "@/server/auth/session";
import { z } from "zod";
import { nulCharacterPaths } from "@/server/http/nul-characters";
import { decideAuthorization } from "@/server/oauth/authorization-codes";
import { decideInEmbed, type EmbedDecision } from "@/server/onboarding/embed-consent";

// A value with a NUL character could not be looked up in PostgreSQL: the request is then malformed, like any other.
const ZParams = z.record(z.string(), z.string()).refine((params) => nulCharacterPaths(params).length === 0);

/** The authorization request as the page rendered it; anything malformed becomes an empty (invalid) request. */
function parseParams(value: FormDataEntryValue | null): Record<string, string> {
  try {
    return ZParams.parse(JSON.parse(String(value)));
  } catch {
    return {};
  }
}

export async function decide(formData: FormData): Promise<void> {
  const params = parseParams(formData.get("params"));
  const consentUrl = `/auth/oauth2/authorize?${new URLSearchParams(params)}`;
  const actor = await getActor();
  if (!actor) redirect(`/auth/login?callbackUrl=${encodeURIComponent(consentUrl)}`);
  const decision = await decideAuthorization(actor, params, formData.get("decision") === "allow");
  // The client may have lost its approval since the page was shown: the page then explains why.
  redirect(decision.kind === "redirect" ? decision.location : consentUrl);
}

/** Inside the embed: the decision comes back as the message the iframe posts to the embedding page. */
export async function decideEmbedded(params: Record<string, string>, allow: boolean): Promise<EmbedDecision> {
  return decideInEmbed(await getActor(), ZParams.catch({}).parse(params), allow);
}
