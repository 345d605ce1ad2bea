/** What the consent page tells a user an app will be able to do, in the words of the spec's "Meaning" column. */
import { SCOPES, type Scope } from "../auth/scopes";

const LEGACY_MEANINGS: Record<string, string> = { READ_BOOKING: "View bookings", READ_PROFILE: "View personal info" };

/**
 * Legacy grants are not limited by their scopes (spec, Scope rules 4: any resource of the authorizing
 * user), so listing the requested scopes would understate what the user hands over.
 */
export const FULL_ACCESS = "Full access to your account: see and change everything you can";

export function permissionsShown({ scopes, isLegacy }: { scopes: readonly string[]; isLegacy: boolean }): string[] {
  if (isLegacy || scopes.length === 0) return [FULL_ACCESS];
  return scopes.map((scope) => SCOPES[scope as Scope]?.meaning ?? LEGACY_MEANINGS[scope] ?? scope);
}
