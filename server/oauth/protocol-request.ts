/** Reading OAuth protocol requests: JSON or form-encoded bodies (spec: both accepted), and the caller's address. */
import { MAX_BODY_BYTES } from "../http/request-input";
import { OAuthError } from "./oauth-error";

export async function readProtocolParams(request: Request): Promise<Record<string, string | undefined>> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new OAuthError("invalid_request", "Request body is too large");
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OAuthError("invalid_request", "Body must be JSON or application/x-www-form-urlencoded");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new OAuthError("invalid_request", "Body must be a JSON object");
  return Object.fromEntries(
    Object.entries(parsed).map(([key, value]) => [key, typeof value === "string" ? value : value == null ? undefined : String(value)]),
  );
}
