/**
 * Seed helpers shared by service tests, HTTP contract tests and benchmarks. They go through the same
 * services the product uses, so a seeded user or key is exactly what a real one would be. Each call
 * makes fresh, unique rows: tests never depend on each other's data or on the order they run in.
 */
import { sessionActor } from "../server/auth/actor";
import { randomBytes } from "node:crypto";
import { createApiKey, revokeApiKey } from "../server/api-keys/api-key.service";
import { hashSecret } from "../server/auth/secrets";
import { db } from "../server/db/client";
import type { TSignUpInput } from "../server/users/user.schemas";
import { createUser } from "../server/users/user.service";

export const DEFAULT_PASSWORD = "correct-horse-battery-staple";

/** `user-<12 hex>@example.test`: unique across parallel workers and runs, and a valid username stem. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(6).toString("hex")}@example.test`;
}

export type UserOverrides = Partial<TSignUpInput> & { role?: "USER" | "ADMIN" };

/** A user with a password (returned in plaintext, for sign-in flows); e-mail and username are unique. */
export async function makeUser(overrides: UserOverrides = {}) {
  const { role, ...input } = overrides;
  const password = input.password ?? DEFAULT_PASSWORD;
  const user = await createUser({ email: uniqueEmail(), ...input, password }, { role });
  return { ...user, password };
}

export type ApiKeyOverrides = {
  name?: string;
  /** A past date makes an already expired key (the service itself only accepts future expiries). */
  expiresAt?: Date | null;
  revoked?: boolean;
};

/** An API key of `userId`; returns the plaintext key, the only time it exists outside the caller's hands. */
export async function makeApiKey(userId: number, overrides: ApiKeyOverrides = {}): Promise<string> {
  const { name = "test key", expiresAt = null, revoked = false } = overrides;
  const isPast = expiresAt !== null && expiresAt.getTime() <= Date.now();
  const created = await createApiKey(sessionActor(userId), { name, expiresAt: isPast ? null : expiresAt });
  if (isPast) await db.apiKey.update({ where: { hash: hashSecret(created.key) }, data: { expiresAt } });
  if (revoked) await revokeApiKey(sessionActor(userId), created.id);
  return created.key;
}
