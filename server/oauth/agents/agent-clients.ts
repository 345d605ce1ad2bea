/** Creating and refreshing agents' OAuth clients under the instance's policy (agent-policy.ts). */
import type { OAuthClientRegistration } from "../../db/generated/client";
import { db, type Tx } from "../../db/client";
import { flushCredentialCache } from "../../auth/credential-cache";
import type { Scope } from "../../auth/scopes";
import { queueReviewRequest } from "../clients";
import { decideAgentClient, getAgentPolicy } from "./agent-policy";
import type { AgentPolicySettings } from "./agent-policy.schemas";
import { clientFields, type TClientMetadata } from "./client-metadata.schemas";

export type AgentClientInput = {
  id: string;
  registration: Exclude<OAuthClientRegistration, "DEVELOPER">;
  metadata: TClientMetadata;
  /** Who the client is: its metadata document's host, or its redirect URIs' hosts (dynamic registration). */
  hosts: string[];
  type: "PUBLIC" | "CONFIDENTIAL";
};

const hostsOf = (uris: readonly string[]) => [...new Set(uris.map((uri) => new URL(uri).hostname))];
export const redirectHosts = (metadata: TClientMetadata) => hostsOf(metadata.redirect_uris);

/**
 * A new agent client, accepted or pending as the policy decides (read by the caller before its transaction); admins
 * hear of a pending one in the same transaction.
 */
export async function createAgentClientIn(tx: Tx, input: AgentClientInput, policy: AgentPolicySettings) {
  const decision = decideAgentClient(policy, input.hosts);
  const fields = clientFields(input.metadata, `https://${input.hosts[0] ?? "localhost"}`);
  const accepted = decision.status === "ACCEPTED";
  const client = await tx.oAuthClient.create({
    data: {
      ...fields,
      id: input.id,
      ownerId: null,
      registration: input.registration,
      type: input.type,
      scopes: decision.scopes,
      status: decision.status,
      wasAccepted: accepted,
      reviewedAt: accepted ? new Date() : null,
      metadataFetchedAt: input.registration === "METADATA_DOCUMENT" ? new Date() : null,
    },
    select: { id: true, status: true },
  });
  if (!accepted) await queueReviewRequest(tx, client.id, fields.name);
  return client;
}

/**
 * A metadata document fetched again: name, links and redirect URIs follow it. A client still waiting is decided again
 * under today's policy (an admin may have relaxed it); an accepted one keeps its status and scopes, and one whose
 * redirect URIs changed is decided again too, as a developer's edit of redirect URIs goes back to review.
 */
export async function refreshAgentClient(clientId: string, metadata: TClientMetadata, hosts: string[]) {
  const current = await db.oAuthClient.findUniqueOrThrow({ where: { id: clientId }, select: { status: true, redirectUris: true, scopes: true } });
  const fields = clientFields(metadata, `https://${hosts[0] ?? "localhost"}`);
  const redirectsChanged = [...current.redirectUris].sort().join(" ") !== [...fields.redirectUris].sort().join(" ");
  const redecide = current.status === "PENDING" || (current.status === "ACCEPTED" && redirectsChanged);
  const decision = redecide ? decideAgentClient(await getAgentPolicy(), hosts) : null;
  await db.$transaction(async (tx) => {
    await tx.oAuthClient.update({
      where: { id: clientId },
      data: {
        ...fields,
        metadataFetchedAt: new Date(),
        ...(decision
          ? {
              status: decision.status,
              scopes: decision.scopes as Scope[],
              ...(decision.status === "ACCEPTED" ? { wasAccepted: true, reviewedAt: new Date() } : {}),
            }
          : {}),
      },
    });
    if (decision?.status === "PENDING" && current.status !== "PENDING") await queueReviewRequest(tx, clientId, fields.name);
  });
  if (decision) await flushCredentialCache();
}
