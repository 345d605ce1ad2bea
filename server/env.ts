/** Environment, read once and validated: a misconfigured deployment fails at start, not mid-request. */
import { z } from "zod";
import { DEFAULT_RATE_LIMIT_WINDOW_SECONDS, RATE_LIMITS, rateLimitVariable, type RateLimitName } from "./security/rate-limit-table";

/** An optional variable; set-but-empty (`FOO=`) counts as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A count or a length of time: digits only, at least 1 (`0`, `-5`, `1e3`, `ten` are refused, not read as something else). */
const positiveInteger = (fallback: number) =>
  optional(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number")
      .transform(Number)
      .pipe(z.number().int().min(1, "must be at least 1").max(1_000_000_000, "must be at most 1000000000")),
  ).transform((value) => value ?? fallback);

type RateLimitVariables = { [N in RateLimitName as ReturnType<typeof rateLimitVariable<N>>]: ReturnType<typeof positiveInteger> };

/** RATE_LIMIT_<NAME> for every row of the rate-limit table, each defaulting to today's quota. */
const rateLimitVariables = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, { defaultQuota }]) => [rateLimitVariable(name as RateLimitName), positiveInteger(defaultQuota)]),
) as RateLimitVariables;

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Public address of the site, used in links, e-mails and OAuth metadata. */
  APP_URL: z.url().default("http://localhost:3000"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),

  // ---- connected calendars (server/calendars)
  /** AES-256-GCM key for calendar credentials at rest: 32 bytes, base64. `npm start` generates one into .data/. */
  CALENDAR_ENCRYPTION_KEY: optional(
    z
      .string()
      .refine((value) => Buffer.from(value, "base64").length === 32, "CALENDAR_ENCRYPTION_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)"),
  ),
  /** Lets user-supplied calendar URLs (ICS feeds, CalDAV servers) reach loopback and private networks. */
  ALLOW_PRIVATE_NETWORK_URLS: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /**
   * Origins of browser-based MCP clients allowed to call /mcp besides the site's own (comma-separated, e.g.
   * https://inspector.example.com). Other Origins are refused (DNS-rebinding protection, MCP transport spec).
   */
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  /** CalDAV server used by "Apple calendar" credentials when the request names none. */
  APPLE_CALDAV_URL: z.url().default("https://caldav.icloud.com/"),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_CALENDAR_API_URL: z.url().default("https://www.googleapis.com/calendar/v3"),
  MICROSOFT_CLIENT_ID: optional(z.string()),
  MICROSOFT_CLIENT_SECRET: optional(z.string()),
  /** The Microsoft identity platform endpoint holding /authorize and /token. */
  MICROSOFT_LOGIN_URL: z.url().default("https://login.microsoftonline.com/common/oauth2/v2.0"),
  MICROSOFT_GRAPH_URL: z.url().default("https://graph.microsoft.com/v1.0"),

  // ---- conferencing (server/conferencing)
  /** The Jitsi Meet server of the built-in video app: each booking gets an unguessable room under it. */
  JITSI_URL: z.url().default("https://meet.jit.si"),
  ZOOM_CLIENT_ID: optional(z.string()),
  ZOOM_CLIENT_SECRET: optional(z.string()),
  /** The Secret Token of the Zoom app's event subscription: signs Zoom's event notifications (x-zm-signature). */
  ZOOM_WEBHOOK_SECRET_TOKEN: optional(z.string()),
  /** Zoom's OAuth endpoints (/authorize, /token). */
  ZOOM_OAUTH_URL: z.url().default("https://zoom.us/oauth"),
  ZOOM_API_URL: z.url().default("https://api.zoom.us/v2"),

  // ---- phone calls (server/event-types/team-phone-call.ts): a provider speaking Retell AI's REST API
  /** Base URL of the provider; POST {base}/v2/create-phone-call places a call. */
  PHONE_CALL_API_URL: z.url().default("https://api.retellai.com"),
  /** The provider's API key (Bearer); unset: create-phone-call answers 400. */
  PHONE_CALL_API_KEY: optional(z.string()),
  /** The agent that makes the calls (override_agent_id); unset: the agent bound to the caller's number. */
  PHONE_CALL_AGENT_ID: optional(z.string()),

  // ---- SMS (server/sms): Twilio's Messages REST API; unset: SMS steps of workflows are skipped, named in their reminders
  /** Base URL of Twilio's REST API; a stand-in speaking it in tests. */
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  /** The account (AC…): HTTP Basic user of every request and the path's {AccountSid}. */
  TWILIO_ACCOUNT_SID: optional(z.string()),
  /** The account's Auth Token: HTTP Basic password, and the key of X-Twilio-Signature on the inbound-message webhook. */
  TWILIO_AUTH_TOKEN: optional(z.string()),
  /** The sender: an E.164 number of the account (From), or a Messaging Service (MG…, sent as MessagingServiceSid). */
  TWILIO_FROM: optional(z.string()),

  // ---- rate limits (server/security/rate-limit-table.ts)
  /** Length of every rate limit's fixed window. */
  RATE_LIMIT_WINDOW_SECONDS: positiveInteger(DEFAULT_RATE_LIMIT_WINDOW_SECONDS),
  ...rateLimitVariables,
});

export type TEnv = z.infer<typeof ZEnv>;

/** The environment read and validated; an invalid value is an error naming each variable at fault and why. */
export function parseEnv(source: Record<string, string | undefined>): TEnv {
  const result = ZEnv.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment: ${problems.join("; ")}`);
}

let cached: TEnv | undefined;

export function env(): TEnv {
  cached ??= parseEnv(process.env);
  return cached;
}
