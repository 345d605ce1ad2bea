/**
 * What a grant allows today. The user consented to the grant's scopes, but the client may since have been
 * narrowed: a scope the client no longer has must stop working in every token of every existing grant, on
 * refresh and on each request (access-tokens.ts applies the same rule in SQL-fed form).
 *
 * Legacy grants (authorized while the client was legacy) are not limited by scopes at all (spec, Scope rules 4),
 * and the spec keeps them working unchanged after the client saves explicit scopes ("Tokens issued earlier keep
 * working until users re-authorize"), so no intersection applies to them: null, "not scope-limited".
 */
import { isScope, type Scope } from "../auth/scopes";

export type GrantScopeFacts = { scopes: string[]; isLegacy: boolean };

export function effectiveGrantScopes(grant: GrantScopeFacts, clientScopes: readonly string[]): Scope[] | null {
  if (grant.isLegacy) return null;
  return grant.scopes.filter((scope): scope is Scope => isScope(scope) && clientScopes.includes(scope));
}

/** The `scope` a token response reports: the effective scopes, or for a legacy grant what it asked for. */
export function grantedScopeString(grant: GrantScopeFacts, clientScopes: readonly string[]): string {
  return (effectiveGrantScopes(grant, clientScopes) ?? grant.scopes).join(" ");
}
