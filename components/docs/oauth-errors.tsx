const ROWS: [string, string, string][] = [
  ["Authorization page", "Unknown client, client not approved, redirect_uri not registered, scope missing", "Shown on the page; never redirected"],
  ["Redirect to your app", "Unknown scope value", "error=invalid_scope"],
  ["Redirect to your app", "Scope not enabled on the client, public client without code_challenge", "error=invalid_request"],
  ["Redirect to your app", "The user denied access", "error=access_denied"],
  ["Token endpoint, 400", "Code invalid, expired or already used; refresh token invalid; redirect_uri or code_verifier mismatch", "invalid_grant"],
  ["Token endpoint, 400", "client_id or another required parameter missing", "invalid_request"],
  ["Token endpoint, 400", "grant_type other than authorization_code or refresh_token", "unsupported_grant_type"],
  ["Token endpoint, 401", "No client for client_id, or the secret does not match", "invalid_client"],
  [
    "Token endpoint, 429",
    "Too many failed client authentications: this client's own from your address, or (for a request that fails itself) your address's over any client. A client presenting its right secret is never refused for others' failures. See Retry-After, RateLimit",
    "temporarily_unavailable",
  ],
  ["Token endpoint, 413", "Body over 1 MB (refused as soon as Content-Length says so)", "invalid_request"],
  ["API, 401", "Missing, unknown, expired or revoked token", "UNAUTHORIZED in the v2 envelope"],
  ["API, 403", "The token's scopes do not cover the endpoint", 'FORBIDDEN, WWW-Authenticate: Bearer error="insufficient_scope"'],
];

export const OAUTH_ERRORS_TABLE = (
  <table className="w-full text-left text-sm">
    <thead>
      <tr className="border-b border-slate-300">
        <th className="py-2 pr-4">Where</th>
        <th className="py-2 pr-4">Situation</th>
        <th className="py-2">Error</th>
      </tr>
    </thead>
    <tbody>
      {ROWS.map(([where, situation, error]) => (
        <tr key={`${where}${situation}`} className="border-b border-slate-100 align-top">
          <td className="py-2 pr-4">{where}</td>
          <td className="py-2 pr-4">{situation}</td>
          <td className="py-2 font-mono text-xs">{error}</td>
        </tr>
      ))}
    </tbody>
  </table>
);
