import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { LoginThrottledError, logInWithPassword, MAX_LOGIN_FAILURES_PER_ACCOUNT, MAX_LOGIN_FAILURES_PER_ADDRESS } from "./login-throttle";

/** Each test uses its own addresses: the counters outlive a test. */
const freshAddress = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;

const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    (user) => (user ? "signed in" : "wrong password"),
    (error: unknown) => (error instanceof LoginThrottledError ? "throttled" : error),
  );

describe("logInWithPassword", () => {
  it("refuses even the right password once an account has had its allowance of failures, from any address", async () => {
    const user = await makeUser();
    for (let i = 0; i < MAX_LOGIN_FAILURES_PER_ACCOUNT; i++) {
      expect(await outcome(logInWithPassword(user.email, "not the password", freshAddress()))).toBe("wrong password");
    }
    expect(await outcome(logInWithPassword(user.email, user.password, freshAddress()))).toBe("throttled");
    // The account is the same however its e-mail is typed.
    expect(await outcome(logInWithPassword(` ${user.email.toUpperCase()} `, user.password, freshAddress()))).toBe("throttled");

    const other = await makeUser();
    expect(await outcome(logInWithPassword(other.email, other.password, freshAddress()))).toBe("signed in");
  });

  it("successful log-ins do not count, and failures below the limit leave the account usable", async () => {
    const user = await makeUser();
    const address = freshAddress();
    for (let i = 0; i < MAX_LOGIN_FAILURES_PER_ACCOUNT - 1; i++) await logInWithPassword(user.email, "wrong", address);
    for (let i = 0; i < 3; i++) expect(await outcome(logInWithPassword(user.email, user.password, address))).toBe("signed in");
  });

  it("limits one address trying many accounts, and unknown e-mails count too", async () => {
    const address = freshAddress();
    for (let i = 0; i < MAX_LOGIN_FAILURES_PER_ADDRESS; i++) {
      expect(await outcome(logInWithPassword(`nobody-${i}-${randomBytes(3).toString("hex")}@example.test`, "guess", address))).toBe("wrong password");
    }
    const user = await makeUser();
    expect(await outcome(logInWithPassword(user.email, user.password, address))).toBe("throttled");
    expect(await outcome(logInWithPassword(user.email, user.password, freshAddress()))).toBe("signed in");
  });
});
