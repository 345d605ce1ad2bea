import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import { findUserByExternalIdentity, signInWithExternalIdentity } from "./external-identity";

afterAll(() => disconnectDb());

const ISSUER = "https://id.example.test";
const account = () => {
  const login = `ext${randomBytes(4).toString("hex")}`;
  return { issuer: ISSUER, subject: `sub-${login}`, email: `${login}@id.example.test`, name: "Grace Hopper", preferredUsername: login };
};

describe("signInWithExternalIdentity", () => {
  it("creates the account from the provider's claims, without a password, and finds it again by issuer and subject", async () => {
    const claims = account();
    const user = await signInWithExternalIdentity(claims);
    expect(user).toMatchObject({ email: claims.email, name: "Grace Hopper", username: claims.preferredUsername, role: "USER" });
    expect(await db.userPassword.count({ where: { userId: user.id } })).toBe(0);
    // Later sign-ins: the same account even if the provider's e-mail changed.
    expect((await signInWithExternalIdentity({ ...claims, email: "changed@id.example.test" })).id).toBe(user.id);
    expect((await findUserByExternalIdentity(ISSUER, claims.subject))?.id).toBe(user.id);
    expect(await findUserByExternalIdentity("https://other.example.test", claims.subject)).toBeNull();
  });

  it("de-duplicates a taken username", async () => {
    const taken = await makeUser();
    const user = await signInWithExternalIdentity({ ...account(), preferredUsername: taken.username });
    expect(user.username).toBe(`${taken.username}-2`);
  });

  it("does not take over an account that has the same e-mail", async () => {
    const existing = await makeUser();
    await expect(signInWithExternalIdentity({ ...account(), email: existing.email })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db.externalIdentity.count({ where: { userId: existing.id } })).toBe(0);
  });

  it("needs an e-mail", async () => {
    await expect(signInWithExternalIdentity({ ...account(), email: null })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
