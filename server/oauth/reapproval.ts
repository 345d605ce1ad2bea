/**
 * The spec's OAuth client transition table, as a pure function: which edits send a client back to
 * admin review. Only accepted and rejected clients move; a pending one is already waiting.
 */
import { LEGACY_SCOPES, SCOPES, type Scope } from "../auth/scopes";

export type ClientReviewFields = {
  name: string;
  logoUrl: string | null;
  websiteUrl: string;
  redirectUris: string[];
  purpose: string;
  scopes: string[];
};

/** No scopes, or only the old READ_BOOKING / READ_PROFILE values (spec, Legacy status). */
export function isLegacyScopeSet(scopes: readonly string[]): boolean {
  return scopes.every((scope) => (LEGACY_SCOPES as readonly string[]).includes(scope));
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

function scopeChangeNeedsReview(before: readonly string[], after: readonly string[]): boolean {
  if (isLegacyScopeSet(before)) {
    // A legacy client adopting explicit scopes keeps its status while it adds only user-level ones.
    return after.some((scope) => !before.includes(scope) && SCOPES[scope as Scope]?.level !== "user");
  }
  const added = after.filter((scope) => !before.includes(scope));
  const removed = before.filter((scope) => !after.includes(scope));
  // Expansion, removal, and (a case of expansion) adding _READ next to a held _WRITE.
  return added.length > 0 || removed.length > 0;
}

export function editNeedsReview(before: ClientReviewFields, after: ClientReviewFields): boolean {
  const identityChanged =
    before.name !== after.name ||
    (before.logoUrl ?? null) !== (after.logoUrl ?? null) ||
    before.websiteUrl !== after.websiteUrl ||
    before.purpose !== after.purpose ||
    !sameList([...before.redirectUris].sort(), [...after.redirectUris].sort());
  return identityChanged || scopeChangeNeedsReview(before.scopes, after.scopes);
}
