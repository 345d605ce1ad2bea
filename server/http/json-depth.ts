/**
 * How deep a request's JSON may nest, checked once where each transport parses its body (/v2 in request-input.ts,
 * the OAuth protocol endpoints in protocol-request.ts, tRPC in trpc/init.ts). Past the bound, every later step may
 * walk the value recursively (zod, the NUL check, JSON.stringify in a log or a JSON column) without a stack overflow
 * turning bad input into a 500. No request of any route needs more than a handful of levels; free-form fields such
 * as `metadata` get plenty of room. Both checks are loops with no recursion, so they cannot overflow themselves.
 */
export const MAX_JSON_DEPTH = 32;

export const jsonTooDeepMessage = (max = MAX_JSON_DEPTH) => `JSON nests deeper than ${max} levels of arrays and objects`;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text opens more than `max` arrays or objects inside each other, read before JSON.parse builds
 * anything. Brackets inside strings do not count (escapes included); malformed text is left to JSON.parse.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * The same bound on a value already parsed (tRPC hands its procedures parsed input): arrays and objects more than
 * `max` levels deep. A loop over an explicit stack; a value seen twice (a shared reference) is not walked again.
 */
export function valueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    if (depth + 1 > max) return true;
    seen.add(current);
    for (const item of Object.values(current)) stack.push({ value: item, depth: depth + 1 });
  }
  return false;
}
