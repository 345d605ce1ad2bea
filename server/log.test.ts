import { afterEach, describe, expect, it, vi } from "vitest";
import { log, redact } from "./log";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("redact", () => {
  it.each([
    "password",
    "newPassword",
    "passwd",
    "pass",
    "secret",
    "clientSecret",
    "token",
    "accessToken",
    "refresh_token",
    "authorization",
    "Authorization",
    "apiKey",
    "api_key",
    "APIKEY",
    "code_verifier",
    "code",
    "cookie",
    "Set-Cookie",
    "hash",
    "passwordHash",
  ])("replaces the value of %s", (key) => {
    expect(redact({ [key]: "s3cr3t", keep: "visible" })).toEqual({ [key]: "[redacted]", keep: "visible" });
  });

  it.each(["email", "name", "userId", "countryCode", "codeChallengeMethod", "hint", "status", "requestId"])("keeps %s", (key) => {
    expect(redact({ [key]: "value" })).toEqual({ [key]: "value" });
  });

  it("redacts whole values, nested objects and objects inside arrays", () => {
    expect(
      redact({
        token: { value: "abc", expires: 1 },
        request: { headers: { authorization: "Bearer cnv_live_x", accept: "application/json" } },
        keys: [
          { apiKey: "k1", id: 1 },
          { apiKey: "k2", id: 2 },
        ],
      }),
    ).toEqual({
      token: "[redacted]",
      request: { headers: { authorization: "[redacted]", accept: "application/json" } },
      keys: [
        { apiKey: "[redacted]", id: 1 },
        { apiKey: "[redacted]", id: 2 },
      ],
    });
  });

  it("turns an Error into its name, message and stack", () => {
    const error = new RangeError("out of range");
    expect(redact({ error })).toEqual({ error: { name: "RangeError", message: "out of range", stack: error.stack } });
  });

  it.each([
    ["a Convene credential in a message", "no grant for cnv_rt_AbCdEf0123456789xyz here", "no grant for cnv_rt_[redacted] here"],
    ["an API key", "Bearer cnv_live_0123456789abcdef", "Bearer cnv_live_[redacted]"],
    ["secret query parameters of a URL", "http://t/cb?code=abc123&state=s1&client_secret=zzz", "http://t/cb?code=[redacted]&state=s1&client_secret=[redacted]"],
    [
      "a refresh token parameter",
      "/v2/auth/oauth2/token?grant_type=refresh_token&refresh_token=r1",
      "/v2/auth/oauth2/token?grant_type=refresh_token&refresh_token=[redacted]",
    ],
  ])("scrubs %s inside strings", (_case, value, scrubbed) => {
    expect(redact({ url: value })).toEqual({ url: scrubbed });
    expect(redact(value)).toBe(scrubbed);
  });

  it("scrubs an Error's message and stack", () => {
    const error = new Error("refresh token cnv_rt_AbCdEf0123456789xyz was reused");
    const redacted = redact({ error }) as { error: { message: string; stack: string } };
    expect(redacted.error.message).toBe("refresh token cnv_rt_[redacted] was reused");
    expect(redacted.error.stack).not.toContain("AbCdEf0123456789xyz");
  });

  it.each([null, undefined, 0, "text", true])("returns %j unchanged", (value) => {
    expect(redact(value)).toBe(value);
  });
});

describe("log", () => {
  it("writes one JSON line per entry with secrets redacted", () => {
    vi.stubEnv("LOG_LEVEL", "info");
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    log.info("signed in", { userId: 3, password: "hunter2", session: { token: "t0k3n" } });
    const lines = stdout.mock.calls.map(([chunk]) => String(chunk));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(JSON.parse(lines[0]!)).toEqual({
      time: expect.any(String),
      level: "info",
      message: "signed in",
      userId: 3,
      password: "[redacted]",
      session: { token: "[redacted]" },
    });
    expect(lines[0]).not.toMatch(/hunter2|t0k3n/);
  });

  it.each([
    { level: "warn", writes: { debug: 0, info: 0, warn: 1, error: 1 } },
    { level: "debug", writes: { debug: 1, info: 1, warn: 1, error: 1 } },
    { level: "silent", writes: { debug: 0, info: 0, warn: 0, error: 0 } },
  ])("at LOG_LEVEL=$level writes $writes", ({ level, writes }) => {
    vi.stubEnv("LOG_LEVEL", level);
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    for (const method of ["debug", "info", "warn", "error"] as const) log[method](`entry-${method}`);
    const written = [...stdout.mock.calls, ...stderr.mock.calls].map(([chunk]) => String(chunk));
    for (const [method, count] of Object.entries(writes)) {
      expect(
        written.filter((line) => line.includes(`entry-${method}`)),
        method,
      ).toHaveLength(count);
    }
    expect(stderr.mock.calls.every(([chunk]) => String(chunk).includes('"level":"error"'))).toBe(true);
  });
});
