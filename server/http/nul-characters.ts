/**
 * PostgreSQL text cannot hold U+0000 (it fails with SQLSTATE 22021, a 500), so no string that carries one may
 * get past the parsing step of any transport. One walk over the raw input, before any schema, covers every
 * field of every route, including keys of free-form objects such as metadata.
 */
import { AppError } from "../errors";

export type FieldIssue = { path: string; message: string };

const NUL = "\u0000";
const MESSAGE = "must not contain the NUL character (U+0000)";

/** Paths (dot-joined under `prefix`) of every string, or object key, in `value` that contains a NUL character. */
export function nulCharacterPaths(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === "string") return value.includes(NUL) ? [prefix.join(".")] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => nulCharacterPaths(item, [...prefix, String(index)]));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    // A key with a NUL is reported under a printable name: the NUL itself would make the path unreadable.
    const path = [...prefix, key.replaceAll(NUL, "\\u0000")];
    return [...(key.includes(NUL) ? [path.join(".")] : []), ...nulCharacterPaths(item, path)];
  });
}

/** 400 naming every field that holds a NUL character; `part` ("body", "query", "params", …) prefixes the paths. */
export function rejectNulCharacters(value: unknown, part?: string): void {
  const paths = nulCharacterPaths(value, part ? [part] : []);
  if (paths.length === 0) return;
  const issues: FieldIssue[] = paths.map((path) => ({ path, message: `${path || "input"} ${MESSAGE}` }));
  throw new AppError("BAD_REQUEST", issues.length === 1 ? issues[0]!.message : `Invalid ${part ?? "input"}: ${paths.join(", ")} ${MESSAGE}`, issues);
}
