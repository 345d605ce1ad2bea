/**
 * Reading OAuth protocol requests: JSON or form-encoded bodies (spec: both accepted), at most MAX_BODY_BYTES.
 * Every parameter is one string. A repeated parameter is refused (RFC 6749 §3.1, §3.2): with "last one wins",
 * `code=<garbage>&code=<valid>` or two client_secret values let a request mean two things at once.
 */
import { AppError } from "../errors";
import { jsonTextTooDeep, jsonTooDeepMessage } from "../http/json-depth";
import { readCappedText } from "../http/request-input";
import { OAuthError } from "./oauth-error";

export type ProtocolParams = Record<string, string>;

const repeated = (name: string) => new OAuthError("invalid_request", `Parameter ${name} is repeated; send each parameter once`);

export async function readProtocolParams(request: Request): Promise<ProtocolParams> {
  const type = mediaType(request.headers.get("content-type"));
  if (type !== null && type !== "application/x-www-form-urlencoded" && !isJsonType(type)) {
    throw new OAuthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded or application/json", 415);
  }
  const text = await readBodyText(request);
  return type === "application/x-www-form-urlencoded" ? formParams(text) : jsonParams(text);
}

/** `application/json; charset=utf-8` → `application/json`; no header → null (read as JSON, like the v2 routes). */
function mediaType(header: string | null): string | null {
  if (header === null || header.trim() === "") return null;
  return header.split(";")[0]!.trim().toLowerCase();
}

const isJsonType = (type: string) => type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);

async function readBodyText(request: Request): Promise<string> {
  try {
    return await readCappedText(request);
  } catch (error) {
    if (error instanceof AppError && error.code === "PAYLOAD_TOO_LARGE") throw new OAuthError("invalid_request", error.message, 413);
    throw error;
  }
}

function formParams(text: string): ProtocolParams {
  const params: ProtocolParams = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(params, name)) throw repeated(name);
    params[name] = value;
  }
  return params;
}

function jsonParams(text: string): ProtocolParams {
  if (text.trim() === "") return {};
  if (jsonTextTooDeep(text)) throw new OAuthError("invalid_request", `Body: ${jsonTooDeepMessage()}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OAuthError("invalid_request", "Body must be JSON or application/x-www-form-urlencoded");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new OAuthError("invalid_request", "Body must be a JSON object");
  const params: ProtocolParams = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== "string") throw new OAuthError("invalid_request", `Parameter ${name} must be a string`);
    params[name] = value;
  }
  const duplicate = repeatedJsonKey(text);
  if (duplicate !== null) throw repeated(duplicate);
  return params;
}

/**
 * JSON.parse keeps the last of two equal keys silently. The body is known by now to be one flat object of
 * string values, so its string tokens alternate name, value: the names are every other token.
 */
function repeatedJsonKey(text: string): string | null {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"/g) ?? [];
  const seen = new Set<string>();
  for (let index = 0; index < tokens.length; index += 2) {
    const name = JSON.parse(tokens[index]!) as string;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return null;
}
