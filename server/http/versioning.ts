/**
 * `svc-api-version` (spec, Versioning 3). A route that declares versions answers the one asked for;
 * no header means its default (the first listed); an unknown value is refused with the supported
 * list, never served by a silent fallback. The response always says which version answered.
 */
import { AppError } from "../errors";

export const VERSION_HEADER = "svc-api-version";
export const BOOKINGS_VERSIONS = ["2024-08-13"] as const;

export function negotiateVersion(requested: string | null, supported: readonly string[]): string {
  if (requested === null || requested.trim() === "") return supported[0]!;
  const value = requested.trim();
  if (supported.includes(value)) return value;
  throw new AppError("BAD_REQUEST", `Unsupported ${VERSION_HEADER} "${value}". Supported: ${supported.join(", ")}`, {
    header: VERSION_HEADER,
    supported,
  });
}
