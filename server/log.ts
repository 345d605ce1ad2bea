/**
 * Structured logs: one JSON object per line on stdout. Fields whose names suggest a secret are
 * replaced before anything is written, so a careless `log.info({ body })` cannot leak a token; inside
 * strings (URLs, error messages, stacks), Convene's own credentials and secret query parameters are too.
 */
type Level = "debug" | "info" | "warn" | "error";
const RANK: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_FIELD = /pass(word)?|secret|token|authorization|api_?key|code_verifier|^code$|cookie|hash/i;

/** Convene's credentials all start `cnv_<kind>_` (API keys, codes, access and refresh tokens, client secrets). */
const CONVENE_CREDENTIAL = /\b(cnv_[a-z]+_)[A-Za-z0-9_-]{8,}/g;
const SECRET_QUERY_PARAMETER = /([?&](?:code|client_secret|code_verifier|refresh_token|access_token|token|password|apiKey)=)[^&#\s"]*/gi;

export function scrubString(value: string): string {
  return value.replace(CONVENE_CREDENTIAL, "$1[redacted]").replace(SECRET_QUERY_PARAMETER, "$1[redacted]");
}

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? "info") as Level | "silent";
  return RANK[level] ?? RANK.info;
}

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubString(value);
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) return { name: value.name, message: scrubString(value.message), stack: value.stack && scrubString(value.stack) };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_FIELD.test(key) ? "[redacted]" : redact(inner, depth + 1)]));
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (RANK[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message: scrubString(message), ...(redact(fields) as object) });
  (level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
