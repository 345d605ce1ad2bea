/**
 * Every rate limit of Convene, in one table: its policy name (as the RateLimit-Policy and RateLimit headers name it),
 * what it counts, today's quota and the environment variable that changes it. server/env.ts reads and validates the
 * variables (an invalid value stops the server at start, naming the variable); docs/operating.md's limits table repeats
 * this one. All limits count in fixed windows of RATE_LIMIT_WINDOW_SECONDS (default 300: five minutes).
 * Data only, no imports: env.ts builds its schema from it.
 */
export const RATE_LIMITS = {
  BOOKINGS_PER_CALLER_AND_EVENT_TYPE: {
    policy: "bookings-caller-event-type",
    defaultQuota: 100,
    counts:
      "Booking attempts (`POST /v2/bookings`, the booking page) of one caller for one event type; the caller is the API key or OAuth token, else the address",
  },
  BOOKINGS_PER_CALLER: { policy: "bookings-caller", defaultQuota: 300, counts: "Booking attempts of one caller across event types" },
  BOOKINGS_PER_ATTENDEE_EMAIL: { policy: "bookings-attendee", defaultQuota: 10, counts: "Bookings made for one attendee e-mail, whoever sends them" },
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: {
    policy: "login-account-address",
    defaultQuota: 10,
    counts: "Failed password log-ins to one account from one address",
  },
  LOGIN_FAILURES_PER_ACCOUNT: { policy: "login-account", defaultQuota: 100, counts: "Failed password log-ins to one account from anywhere" },
  LOGIN_FAILURES_PER_ADDRESS: { policy: "login-address", defaultQuota: 50, counts: "Failed password log-ins from one address across accounts" },
  CLIENT_AUTH_FAILURES_PER_CLIENT_AND_ADDRESS: {
    policy: "client-auth-client-address",
    defaultQuota: 10,
    counts: "Failed OAuth client authentications (token and revocation endpoints) of one client from one address",
  },
  CLIENT_AUTH_FAILURES_PER_ADDRESS: {
    policy: "client-auth-address",
    defaultQuota: 30,
    counts: "Failed OAuth client authentications from one address, over any client ids; never refuses a client that authenticates",
  },
  PASSWORD_RESET_REQUESTS_PER_EMAIL: {
    policy: "password-reset-email",
    defaultQuota: 5,
    counts: "Forgot-password requests for one e-mail address, whether or not it has an account",
  },
  PASSWORD_RESET_REQUESTS_PER_ADDRESS: { policy: "password-reset-address", defaultQuota: 20, counts: "Forgot-password requests from one address" },
  CLIENT_REGISTRATIONS_PER_ADDRESS: {
    policy: "client-registration-address",
    defaultQuota: 20,
    counts: "OAuth dynamic client registrations (`POST /v2/auth/oauth2/register`, agents' clients) from one address",
  },
  ROUTING_FORM_SUBMISSIONS_PER_ADDRESS: {
    policy: "routing-form-address",
    defaultQuota: 30,
    counts: "Submissions of routing forms' public pages from one address (each stores a response and notifies the form's owner)",
  },
} as const satisfies Record<string, { policy: string; defaultQuota: number; counts: string }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** `BOOKINGS_PER_CALLER` → `RATE_LIMIT_BOOKINGS_PER_CALLER`. */
export const rateLimitVariable = <N extends RateLimitName>(name: N) => `RATE_LIMIT_${name}` as const;

export const RATE_LIMIT_WINDOW_VARIABLE = "RATE_LIMIT_WINDOW_SECONDS";
export const DEFAULT_RATE_LIMIT_WINDOW_SECONDS = 300;
