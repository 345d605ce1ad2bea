/** RFC 7009 token revocation: an access token ends itself; a refresh token ends its whole grant. */
import { db } from "../db/client";
import { flushCredentialCache } from "../auth/credential-cache";
import { hashSecret } from "../auth/secrets";
import { authenticateClient, clientCredentials } from "./client-auth";
import { revokeGrant } from "./grants";
import type { ProtocolContext } from "./protocol-route";

export async function revokeToken(params: Record<string, string | undefined>, context: ProtocolContext) {
  const client = await authenticateClient(clientCredentials(params, context.authorization), context.address);
  if (!params.token) return; // RFC 7009 §2.2: nothing to revoke is still a success.
  const row = await db.oAuthToken.findUnique({
    where: { hash: hashSecret(params.token) },
    select: { id: true, kind: true, grant: { select: { id: true, clientId: true } } },
  });
  // A token of another client is answered like an unknown one: no oracle for other clients' tokens.
  if (!row || row.grant.clientId !== client.id) return;
  if (row.kind === "REFRESH") await revokeGrant(row.grant.id);
  else {
    await db.oAuthToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
    await flushCredentialCache();
  }
}
