/**
 * Turning a raw request into plain values for zod: a size-capped JSON body and the query string. Every part
 * goes through parsePart, which refuses NUL characters before any schema sees the value.
 */
import { z } from "zod";
import { AppError } from "../errors";
import { zodIssues } from "./envelope";
import { rejectNulCharacters } from "./nul-characters";

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The body as text, reading at most MAX_BODY_BYTES whatever Content-Length claims: a larger body is a 413
 * (PAYLOAD_TOO_LARGE) as soon as the limit is passed, without buffering the rest.
 */
export async function readCappedText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw bodyTooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
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

/** The JSON body (at most MAX_BODY_BYTES). An empty body is `{}`; a missing Content-Type is read as JSON, another type is a 415. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get("content-type");
  if (contentType !== null && !isJsonMediaType(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Content-Type ${JSON.stringify(contentType)} is not accepted here; send application/json`);
  }
  const text = (await readCappedText(request)).trim();
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "Request body is not valid JSON");
  }
}

function bodyTooLarge() {
  return new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${MAX_BODY_BYTES / 1024 / 1024} MB`);
}

/** `?a=1&b=2&b=3` → `{a: "1", b: ["2", "3"]}`; schemas coerce from there. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    result[key] = values.length === 1 ? values[0]! : values;
  }
  return result;
}

/** Parses one part of the request; failures (a NUL character anywhere included) are a 400 naming each field path under `part`. */
export function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, part: "params" | "query" | "body"): T {
  rejectNulCharacters(value, part);
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError("BAD_REQUEST", `Invalid ${part}`, zodIssues(result.error, part));
}
