/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, the MCP authorization spec's preferred
 * registration): the client_id is an https URL, and the JSON document at that URL describes the client. It is fetched
 * through Convene's SSRF-checked outbound HTTP (no private addresses, no redirects, a deadline and a size cap), so a
 * client id cannot make Convene reach into its own network.
 */
import { db } from "../../db/client";
import { env } from "../../env";
import { OutboundUrlError, requestUserUrl, type ResolveHost } from "../../security/outbound-http";
import { createAgentClientIn, refreshAgentClient } from "./agent-clients";
import { getAgentPolicy } from "./agent-policy";
import { ZClientMetadata, type TClientMetadata } from "./client-metadata.schemas";

/** The draft recommends at most 5 KB; a little room for long redirect URI lists. */
const MAX_DOCUMENT_BYTES = 16 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
/** A document is fetched again after this long, so a client's changed name or redirect URIs reach the consent page. */
export const DOCUMENT_MAX_AGE_MS = 24 * 3_600_000;

export class ClientMetadataError extends Error {}

/**
 * Whether a client_id is a metadata document URL: https with a path, no fragment, no credentials and no dot segments
 * (the draft's rules). Developer clients' ids are 32 hex characters, so the two never collide.
 */
export function isMetadataDocumentClientId(clientId: string): boolean {
  if (!/^https:\/\//i.test(clientId) || !URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  return url.pathname !== "/" && !url.hash && !url.username && !url.password && !/\/\.\.?(\/|$)/.test(clientId.slice(url.origin.length));
}

export async function fetchClientMetadataDocument(clientId: string, resolve?: ResolveHost): Promise<TClientMetadata> {
  let answer;
  try {
    answer = await requestUserUrl(clientId, {
      headers: { accept: "application/json" },
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_DOCUMENT_BYTES,
      allowPrivateNetwork: env().ALLOW_PRIVATE_NETWORK_URLS,
      resolve,
    });
  } catch (error) {
    if (error instanceof OutboundUrlError) throw new ClientMetadataError(`The client's metadata document could not be fetched: ${error.message}`);
    throw error;
  }
  if (answer.status !== 200) throw new ClientMetadataError(`The client's metadata document answered HTTP ${answer.status}, not 200`);
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    throw new ClientMetadataError("The client's metadata document is not JSON");
  }
  const document = json as Record<string, unknown>;
  if (document?.client_id !== clientId) throw new ClientMetadataError("The client's metadata document names another client_id than its own URL");
  if ("client_secret" in document || "client_secret_expires_at" in document) {
    throw new ClientMetadataError("A metadata document cannot carry a client secret");
  }
  const parsed = ZClientMetadata.safeParse(document);
  if (!parsed.success)
    throw new ClientMetadataError(
      `The client's metadata document is invalid: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  if ((parsed.data.token_endpoint_auth_method ?? "none") !== "none") {
    throw new ClientMetadataError("A metadata document client authenticates with PKCE only (token_endpoint_auth_method none)");
  }
  return parsed.data;
}

/**
 * The client row for a metadata document client_id, created on first sight under the instance policy and refreshed
 * once its copy is a day old. A fetch that fails leaves an existing client as it was (its document host may be down
 * for a moment); a first sight that fails is refused.
 */
export async function ensureMetadataDocumentClient(clientId: string, resolve?: ResolveHost): Promise<void> {
  const existing = await db.oAuthClient.findUnique({ where: { id: clientId }, select: { metadataFetchedAt: true, registration: true } });
  if (existing && existing.registration !== "METADATA_DOCUMENT") return;
  const isFresh = existing?.metadataFetchedAt && Date.now() - existing.metadataFetchedAt.getTime() < DOCUMENT_MAX_AGE_MS;
  if (isFresh) return;
  const host = new URL(clientId).hostname;
  if (existing) {
    const metadata = await fetchClientMetadataDocument(clientId, resolve).catch(() => null);
    if (metadata) await refreshAgentClient(clientId, metadata, [host]);
    return;
  }
  const metadata = await fetchClientMetadataDocument(clientId, resolve);
  const policy = await getAgentPolicy();
  await db
    .$transaction((tx) => createAgentClientIn(tx, { id: clientId, registration: "METADATA_DOCUMENT", metadata, hosts: [host], type: "PUBLIC" }, policy))
    .catch((error: unknown) => {
      // Two first requests at once: the other one created it.
      if ((error as { code?: string }).code !== "P2002") throw error;
    });
}
