/** RFC 8414 authorization server metadata, with what MCP clients look for (registration, CIMD, RFC 9207's iss). */
import { ALL_SCOPES } from "../auth/scopes";

export function authorizationServerMetadata(appUrl: string) {
  return {
    issuer: appUrl,
    authorization_endpoint: `${appUrl}/auth/oauth2/authorize`,
    token_endpoint: `${appUrl}/v2/auth/oauth2/token`,
    revocation_endpoint: `${appUrl}/v2/auth/oauth2/revoke`,
    registration_endpoint: `${appUrl}/v2/auth/oauth2/register`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic", "none"],
    revocation_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic", "none"],
    scopes_supported: ALL_SCOPES,
    service_documentation: `${appUrl}/docs/authentication-and-oauth`,
    // Agents identify themselves by an https client_id URL (Client ID Metadata Documents), or register (RFC 7591).
    client_id_metadata_document_supported: true,
    // RFC 9207: every authorization response names its issuer, so a client talking to several servers is not mixed up.
    authorization_response_iss_parameter_supported: true,
    // RFC 8707: tokens are bound to the resource they were asked for (the MCP server, or the REST API when none).
    resource_indicators_supported: true,
  };
}
