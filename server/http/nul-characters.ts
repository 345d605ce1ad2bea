/**
 * PostgreSQL text cannot hold U+0000 (it fails with SQLSTATE 22021, a 500), so no string that carries one may
 * get past the parsing step of any transport. One walk over the raw input, before any schema, covers every
 * field of every route, including keys of free-form objects such as metadata.
 */
import { AppError } from "../errors";

export type FieldIssue = { path: string; message: string };

const NUL = "\u0000";
const MESSAGE = "must not contain the NUL character (U+0000)";

type Node = { value: unknown; name: string | null; parent: Node | null };

/** Stands on the stack for an object key holding a NUL, so the key is reported in document order, before its value. */
const KEY_WITH_NUL = Symbol("key with NUL");

const pathOf = (node: Node): string[] => {
  const names: string[] = [];
  for (let at: Node | null = node; at; at = at.parent) if (at.name !== null) names.push(at.name);
  return names.reverse();
};

/**
 * Paths (dot-joined under `prefix`) of every string, or object key, in `value` that contains a NUL character, in
 * document order. A loop over an explicit stack, not recursion: however deep the input, this walk cannot overflow.
 */
export function nulCharacterPaths(value: unknown, prefix: string[] = []): string[] {
  const paths: string[] = [];
  const stack: Node[] = [{ value, name: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.value === KEY_WITH_NUL || typeof node.value === "string") {
      if (node.value === KEY_WITH_NUL || node.value.includes(NUL)) paths.push([...prefix, ...pathOf(node)].join("."));
      continue;
    }
    if (typeof node.value !== "object" || node.value === null) continue;
    const children = Array.isArray(node.value) ? node.value.map((item, index) => [String(index), item] as const) : Object.entries(node.value);
    for (const [key, item] of children.reverse()) {
      // A key with a NUL is reported under a printable name: the NUL itself would make the path unreadable.
      const name = key.replaceAll(NUL, "\\u0000");
      stack.push({ value: item, name, parent: node });
      if (key.includes(NUL)) stack.push({ value: KEY_WITH_NUL, name, parent: node });
    }
  }
  return paths;
}

/** 400 naming every field that holds a NUL character; `part` ("body", "query", "params", …) prefixes the paths. */
export function rejectNulCharacters(value: unknown, part?: string): void {
  const paths = nulCharacterPaths(value, part ? [part] : []);
  if (paths.length === 0) return;
  const issues: FieldIssue[] = paths.map((path) => ({ path, message: `${path || "input"} ${MESSAGE}` }));
  throw new AppError("BAD_REQUEST", issues.length === 1 ? issues[0]!.message : `Invalid ${part ?? "input"}: ${paths.join(", ")} ${MESSAGE}`, issues);
}
