/** Errors of the OAuth protocol endpoints: RFC 6749 §5.2 bodies `{error, error_description}`, no envelope. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "unsupported_token_type"
  | "temporarily_unavailable"
  /** RFC 8707: the resource parameter names no resource this server issues tokens for. */
  | "invalid_target"
  /** RFC 7591 §3.2.2: dynamic registration refusals. */
  | "invalid_redirect_uri"
  | "invalid_client_metadata";

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status: number = error === "invalid_client" ? 401 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

export const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

export function oauthErrorResponse(error: OAuthError): Response {
  const headers: Record<string, string> = { ...NO_STORE, ...error.headers };
  if (error.status === 401) headers["WWW-Authenticate"] = 'Basic realm="convene", charset="UTF-8"';
  return Response.json({ error: error.error, error_description: error.description }, { status: error.status, headers });
}
