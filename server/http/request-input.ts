/**
 * Turning a raw request into plain values for zod: a size-capped JSON body and the query string. Every part
 * goes through parsePart, which refuses NUL characters before any schema sees the value.
 */
import type { z } from "zod";
import { ClientAbortedRequest } from "./client-abort";
import { AppError } from "../errors";
import { jsonTextTooDeep, jsonTooDeepMessage } from "./json-depth";
import { rejectNulCharacters } from "./nul-characters";
import { fieldName, UNRECOGNIZED_KEY, UNSUPPORTED_FIELD } from "./peer-fields";
import { undeclaredKeys } from "./schema-shapes";

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The body as text, reading at most MAX_BODY_BYTES whatever Content-Length claims: a larger body is a 413
 * (PAYLOAD_TOO_LARGE) as soon as the limit is passed, without buffering the rest. Convene's HTTP server applies the
 * same rule before Next.js buffers a body (body-guard.ts); this is the route's own line, for any other way in.
 */
export async function readCappedText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw bodyTooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      // The body stopped arriving: its client went away (client-abort.ts), not the database.
      throw new ClientAbortedRequest(error);
    });
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** `application/json`, with parameters such as `; charset=utf-8`, or a structured `application/<name>+json`. */
export function isJsonMediaType(contentType: string): boolean {
  const essence = contentType.split(";")[0]!.trim().toLowerCase();
  return essence === "application/json" || /^application\/[\w.+-]+\+json$/.test(essence);
}

/**
 * The JSON body (at most MAX_BODY_BYTES, nested at most MAX_JSON_DEPTH levels, else a 400). An empty body is `{}`; a
 * missing Content-Type is read as JSON, another type is a 415.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get("content-type");
  if (contentType !== null && !isJsonMediaType(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Content-Type ${JSON.stringify(contentType)} is not accepted here; send application/json`);
  }
  const text = (await readCappedText(request)).trim();
  if (text === "") return {};
  if (jsonTextTooDeep(text)) throw new AppError("BAD_REQUEST", `Request body: ${jsonTooDeepMessage()}`, [{ path: "body", message: jsonTooDeepMessage() }]);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "Request body is not valid JSON");
  }
}

export const BODY_TOO_LARGE_MESSAGE = `Request body exceeds ${MAX_BODY_BYTES / 1024 / 1024} MB`;

function bodyTooLarge() {
  return new AppError("PAYLOAD_TOO_LARGE", BODY_TOO_LARGE_MESSAGE);
}

/**
 * `?a=1&b=2&b=3` → `{a: "1", b: ["2", "3"]}`; schemas coerce from there. A parameter of `arrayKeys` (those taking a
 * list) may also be spelt `b[]=2&b[]=3`, as axios and many HTTP clients send arrays: read as `b`, both spellings
 * joined. Any other `name[]` stays as sent, so a parameter that takes one value refuses it as an unknown key.
 */
export function queryObject(url: URL, arrayKeys: ReadonlySet<string> = new Set()): Record<string, string | string[]> {
  const values = new Map<string, string[]>();
  for (const [sent, value] of url.searchParams) {
    const bare = sent.endsWith("[]") ? sent.slice(0, -2) : sent;
    const key = arrayKeys.has(bare) ? bare : sent;
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  return Object.fromEntries([...values].map(([key, list]) => [key, list.length === 1 ? list[0]! : list]));
}

type Part = "params" | "query" | "body";
type Issue = { code: string; path: PropertyKey[]; message: string; keys?: string[]; errors?: Issue[][] };
export type InputIssue = { path: string; message: string; code?: typeof UNSUPPORTED_FIELD | typeof UNRECOGNIZED_KEY };

const joinPath = (part: Part, path: readonly PropertyKey[]) => [part, ...path.map(String)].filter(Boolean).join(".");

/**
 * The unknown keys among `issues`, as paths (the key last). A union that refused the value reports each variant's
 * issues apart; a key every variant refused is unknown to the union (`{noticeThreshold}` against `{type} | {disabled}`).
 */
function unknownKeyPaths(issues: readonly Issue[]): PropertyKey[][] {
  return issues.flatMap((issue): PropertyKey[][] => {
    if (issue.code === "unrecognized_keys") return (issue.keys ?? []).map((key) => [...issue.path, key]);
    if (issue.code !== "invalid_union" || !issue.errors?.length) return [];
    const [first, ...others] = issue.errors.map((branch) => unknownKeyPaths(branch));
    const inEvery = first!.filter((path) => others.every((branch) => branch.some((other) => other.join("\0") === path.join("\0"))));
    return inEvery.map((path) => [...issue.path, ...path]);
  });
}

function unknownKeyIssue(part: Part, path: readonly PropertyKey[], peerFields: ReadonlySet<string>): InputIssue {
  const field = joinPath(part, path).slice(part.length + 1);
  return peerFields.has(fieldName([part, ...path.map(String)]))
    ? { path: joinPath(part, path), message: `${field} is part of the peer API but not supported by Convene`, code: UNSUPPORTED_FIELD }
    : { path: joinPath(part, path), message: `Unrecognized key: ${JSON.stringify(String(path.at(-1)))}`, code: UNRECOGNIZED_KEY };
}

/**
 * One detail per issue, naming the field path under `part`; an unknown-keys issue becomes one detail per key,
 * told apart by `code`: a key the peer API documents for this operation (`peerFields`, e.g. `body.routing`) is
 * `unsupported_field`, any other `unrecognized_key`. A union's refusal keeps its own detail and adds one per key
 * that none of its variants knows.
 */
export function inputIssues(issues: readonly Issue[], part: Part, peerFields: ReadonlySet<string>): InputIssue[] {
  return issues.flatMap((issue): InputIssue[] => {
    const unknown = unknownKeyPaths([issue]).map((path) => unknownKeyIssue(part, path, peerFields));
    return issue.code === "unrecognized_keys" ? unknown : [{ path: joinPath(part, issue.path), message: issue.message }, ...unknown];
  });
}

/**
 * Parses one part of the request; failures (a NUL character anywhere included) are a 400 naming each field path
 * under `part`. A top-level key the schema does not declare is refused even where the schema would drop it.
 */
export function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, part: Part, peerFields: ReadonlySet<string> = new Set()): T {
  rejectNulCharacters(value, part);
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  const undeclared = undeclaredKeys(schema, value);
  if (result.success && !undeclared.length) return result.data;
  const issues: Issue[] = [
    ...(result.success ? [] : (result.error.issues as Issue[])),
    ...(undeclared.length ? [{ code: "unrecognized_keys", path: [], keys: undeclared, message: "Unrecognized keys" }] : []),
  ];
  throw new AppError("BAD_REQUEST", `Invalid ${part}`, inputIssues(issues, part, peerFields));
}

type Parsers = Record<string, () => unknown>;

/**
 * Runs each part's parser (parsePart) and answers every part's mistakes in one 400, so a client wrong in its query and
 * its body hears of both at once: "Invalid <part>" when one part failed, "Invalid request" when several did.
 */
export function parseParts<T extends Parsers>(parsers: T): { [K in keyof T]: ReturnType<T[K]> } {
  const parsed: Record<string, unknown> = {};
  const refusals: AppError[] = [];
  for (const [name, parse] of Object.entries(parsers)) {
    try {
      parsed[name] = parse();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "BAD_REQUEST" || !Array.isArray(error.details)) throw error;
      refusals.push(error);
    }
  }
  if (refusals.length === 1) throw refusals[0]!;
  if (refusals.length > 1)
    throw new AppError(
      "BAD_REQUEST",
      "Invalid request",
      refusals.flatMap((refusal) => refusal.details as InputIssue[]),
    );
  return parsed as { [K in keyof T]: ReturnType<T[K]> };
}
