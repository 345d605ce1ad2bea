import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { quotaOf } from "../security/rate-limits";
import { LoginThrottledError, logInWithPassword } from "./login-throttle";

const MAX_LOGIN_FAILURES_PER_ACCOUNT = quotaOf("LOGIN_FAILURES_PER_ACCOUNT");
const MAX_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = quotaOf("LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS");
const MAX_LOGIN_FAILURES_PER_ADDRESS = quotaOf("LOGIN_FAILURES_PER_ADDRESS");

/** Each test uses its own addresses: the counters outlive a test. */
const freshAddress = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;

const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    (user) => (user ? "signed in" : "wrong password"),
    (error: unknown) => (error instanceof LoginThrottledError ? "throttled" : error),
  );

describe("logInWithPassword", () => {
  it("stops one address guessing an account, even with the right password, while the owner elsewhere still logs in", async () => {
    const user = await makeUser();
    const guesser = freshAddress();
    for (let i = 0; i < MAX_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expect(await outcome(logInWithPassword(user.email, "not the password", guesser))).toBe("wrong password");
    }
    expect(await outcome(logInWithPassword(user.email, user.password, guesser))).toBe("throttled");
    // The account is the same however its e-mail is typed.
    expect(await outcome(logInWithPassword(` ${user.email.toUpperCase()} `, user.password, guesser))).toBe("throttled");
    expect(await outcome(logInWithPassword(user.email, user.password, freshAddress()))).toBe("signed in");
  });

  it("stops guessing one account from many addresses once the account's own allowance is spent", async () => {
    const user = await makeUser();
    for (let i = 0; i < MAX_LOGIN_FAILURES_PER_ACCOUNT; i++) {
      expect(await outcome(logInWithPassword(user.email, "not the password", freshAddress()))).toBe("wrong password");
    }
    expect(await outcome(logInWithPassword(user.email, user.password, freshAddress()))).toBe("throttled");
    const other = await makeUser();
    expect(await outcome(logInWithPassword(other.email, other.password, freshAddress()))).toBe("signed in");
  });

  it("successful log-ins do not count, and failures below the limit leave the account usable", async () => {
    const user = await makeUser();
    const address = freshAddress();
    for (let i = 0; i < MAX_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1; i++) await logInWithPassword(user.email, "wrong", address);
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
