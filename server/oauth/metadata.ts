/** RFC 8414 authorization server metadata. */
import { ALL_SCOPES } from "../auth/scopes";

export function authorizationServerMetadata(appUrl: string) {
  return {
    issuer: appUrl,
    authorization_endpoint: `${appUrl}/auth/oauth2/authorize`,
    token_endpoint: `${appUrl}/v2/auth/oauth2/token`,
    revocation_endpoint: `${appUrl}/v2/auth/oauth2/revoke`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic", "none"],
    revocation_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic", "none"],
    scopes_supported: ALL_SCOPES,
    service_documentation: `${appUrl}/docs/authentication-and-oauth`,
  };
}
