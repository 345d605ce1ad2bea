import { sessionActor } from "../auth/actor";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { principalForBearer } from "../auth/authenticate";
import { hashSecret } from "../auth/secrets";
import { db, disconnectDb } from "../db/client";
import { AppError } from "../errors";
import { refreshedKeyExpiry } from "./api-key.schemas";
import { createApiKey, findPrincipalForApiKey, listApiKeys, refreshApiKey, revokeApiKey } from "./api-key.service";

afterAll(() => disconnectDb());

const rowOf = (key: string) => db.apiKey.findUniqueOrThrow({ where: { hash: hashSecret(key) } });
const inOneHour = () => new Date(Date.now() + 3_600_000);

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("createApiKey", () => {
  it("returns the plaintext key once and stores only its hash and hint", async () => {
    const user = await makeUser();
    const expiresAt = inOneHour();
    const created = await createApiKey(sessionActor(user.id), { name: "  CI deploy  ", expiresAt });
    expect(created).toEqual({
      id: expect.any(Number),
      name: "CI deploy",
      hint: created.key.slice(-4),
      key: expect.stringMatching(/^cnv_live_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(Date),
      lastUsedAt: null,
      expiresAt,
    });

    const row = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.hash).toBe(hashSecret(created.key));
    const secretPart = created.key.slice("cnv_live_".length);
    for (const value of Object.values(row)) {
      expect(String(value)).not.toContain(secretPart.slice(0, 16));
    }
  });

  it("never shows the key again: listings carry neither key nor hash", async () => {
    const user = await makeUser();
    const key = await makeApiKey(user.id);
    const [listed] = await listApiKeys(sessionActor(user.id));
    expect(Object.keys(listed!).sort()).toEqual(["createdAt", "expiresAt", "hint", "id", "lastUsedAt", "name"]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(9, 25));
  });

  it.each([
    { case: "empty name", input: { name: "  " }, path: "name" },
    { case: "long name", input: { name: "x".repeat(101) }, path: "name" },
    { case: "expiry in the past", input: { name: "k", expiresAt: new Date(Date.now() - 1000) }, path: "expiresAt" },
    { case: "unparseable expiry", input: { name: "k", expiresAt: "someday" }, path: "expiresAt" },
  ])("refuses $case with a ZodError and stores nothing", async ({ input, path }) => {
    const user = await makeUser();
    const error = await createApiKey(sessionActor(user.id), input as never).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues[0]?.path).toEqual([path]);
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("listApiKeys", () => {
  it("lists the user's own live keys, newest first, and leaves out revoked ones", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const first = await createApiKey(sessionActor(user.id), { name: "first" });
    const revoked = await createApiKey(sessionActor(user.id), { name: "revoked" });
    const last = await createApiKey(sessionActor(user.id), { name: "last" });
    await createApiKey(sessionActor(other.id), { name: "someone else's" });
    await revokeApiKey(sessionActor(user.id), revoked.id);

    expect((await listApiKeys(sessionActor(user.id))).map((key) => key.id)).toEqual([last.id, first.id]);
  });

  it("is empty for a user without keys", async () => {
    const user = await makeUser();
    expect(await listApiKeys(sessionActor(user.id))).toEqual([]);
  });
});

describe("revokeApiKey", () => {
  it("revokes the owner's key: it stops authenticating", async () => {
    const user = await makeUser();
    const created = await createApiKey(sessionActor(user.id), { name: "k" });
    await revokeApiKey(sessionActor(user.id), created.id);
    expect((await rowOf(created.key)).revokedAt).toBeInstanceOf(Date);
    expect(await findPrincipalForApiKey(created.key)).toBeNull();
  });

  it("answers another user's key with NOT_FOUND and leaves it working", async () => {
    const [owner, intruder] = await Promise.all([makeUser(), makeUser()]);
    const created = await createApiKey(sessionActor(owner.id), { name: "k" });
    expect((await appError(revokeApiKey(sessionActor(intruder.id), created.id))).code).toBe("NOT_FOUND");
    expect((await rowOf(created.key)).revokedAt).toBeNull();
    expect(await findPrincipalForApiKey(created.key)).toMatchObject({ userId: owner.id });
  });

  it.each([
    {
      case: "an already revoked key",
      id: async (userId: number) => {
        const created = await createApiKey(sessionActor(userId), { name: "k" });
        await revokeApiKey(sessionActor(userId), created.id);
        return created.id;
      },
    },
    { case: "a key that does not exist", id: async () => 2_000_000_000 },
  ])("answers $case with NOT_FOUND", async ({ id }) => {
    const user = await makeUser();
    expect((await appError(revokeApiKey(sessionActor(user.id), await id(user.id)))).code).toBe("NOT_FOUND");
  });
});

describe("refreshApiKey", () => {
  it("gives a new key of the same name with the expiry asked for, and revokes the old one in the same step", async () => {
    const user = await makeUser();
    const old = await makeApiKey(user.id, { name: "Zapier" });
    const oldId = (await rowOf(old)).id;
    const expiresAt = inOneHour();
    const refreshed = await refreshApiKey(sessionActor(user.id), oldId, expiresAt);
    expect(refreshed).toMatchObject({ name: "Zapier", expiresAt, key: expect.stringMatching(/^cnv_live_/) });
    expect(await principalForBearer(old)).toBeNull();
    expect((await principalForBearer(refreshed.key))?.userId).toBe(user.id);
    expect((await listApiKeys(sessionActor(user.id))).map(({ id }) => id)).toEqual([refreshed.id]);
    // Refreshing the revoked key again: 404, and nothing is created.
    expect((await appError(refreshApiKey(sessionActor(user.id), oldId, null))).code).toBe("NOT_FOUND");
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(2);
  });

  it("answers another user's key with NOT_FOUND and leaves it working", async () => {
    const [owner, other] = [await makeUser(), await makeUser()];
    const key = await makeApiKey(owner.id);
    expect((await appError(refreshApiKey(sessionActor(other.id), (await rowOf(key)).id, null))).code).toBe("NOT_FOUND");
    expect((await principalForBearer(key))?.userId).toBe(owner.id);
    expect(await db.apiKey.count({ where: { userId: other.id } })).toBe(0);
  });

  it("reads the peer's refresh body: 30 days by default, apiKeyDaysValid days, or never", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(refreshedKeyExpiry({}, now)).toEqual(new Date("2026-01-31T00:00:00Z"));
    expect(refreshedKeyExpiry({ apiKeyDaysValid: 2 }, now)).toEqual(new Date("2026-01-03T00:00:00Z"));
    expect(refreshedKeyExpiry({ apiKeyNeverExpires: true }, now)).toBeNull();
  });
});

describe("findPrincipalForApiKey", () => {
  it("resolves a live key to its owner, not scope-limited", async () => {
    const user = await makeUser();
    const key = await makeApiKey(user.id, { expiresAt: inOneHour() });
    const row = await rowOf(key);
    expect(await findPrincipalForApiKey(key)).toEqual({ userId: user.id, via: "api-key", credentialId: row.id, scopes: null, oauthClientId: null });
    expect(await principalForBearer(key)).toEqual(await findPrincipalForApiKey(key));
  });

  it.each([
    { case: "an unknown key", key: async () => "cnv_live_" + "A".repeat(43) },
    { case: "a revoked key", key: async (userId: number) => makeApiKey(userId, { revoked: true }) },
    { case: "an expired key", key: async (userId: number) => makeApiKey(userId, { expiresAt: new Date(Date.now() - 1000) }) },
    { case: "a valid key with a character changed", key: async (userId: number) => (await makeApiKey(userId)).replace(/.$/, (c) => (c === "A" ? "B" : "A")) },
    { case: "a valid key's hash", key: async (userId: number) => hashSecret(await makeApiKey(userId)) },
  ])("returns null for $case", async ({ key }) => {
    const user = await makeUser();
    expect(await findPrincipalForApiKey(await key(user.id))).toBeNull();
  });

  it("records when a key was last used", async () => {
    const user = await makeUser();
    const key = await makeApiKey(user.id);
    expect((await rowOf(key)).lastUsedAt).toBeNull();
    const before = Date.now();
    await findPrincipalForApiKey(key);
    await vi.waitFor(async () => expect((await rowOf(key)).lastUsedAt).not.toBeNull(), { timeout: 5000, interval: 25 });
    expect((await rowOf(key)).lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("records use at most once a minute per key, not with a write per request", async () => {
    const user = await makeUser();
    const key = await makeApiKey(user.id);
    await findPrincipalForApiKey(key);
    await vi.waitFor(async () => expect((await rowOf(key)).lastUsedAt).not.toBeNull(), { timeout: 5000, interval: 25 });
    const marker = new Date(Date.now() - 600_000);
    await db.apiKey.update({ where: { hash: hashSecret(key) }, data: { lastUsedAt: marker } });
    await findPrincipalForApiKey(key);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await rowOf(key)).lastUsedAt).toEqual(marker);
  });
});
