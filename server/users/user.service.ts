/** Accounts: creation (sign-up, CLI), credentials check, profile updates. */
import { isReservedUsername } from "./reserved-usernames";
import { db } from "../db/client";
import { AppError } from "../errors";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { ZSignUpInput, type TSignUpInput } from "./user.schemas";

export const USER_IDENTITY = { id: true, email: true, username: true, name: true, role: true } as const;

/**
 * A free username from the preferred one (`ada`, then `ada-2`, `ada-3`…), shaped to the username rules:
 * starts with a letter or digit, at least 2 characters. Used for sign-ups that do not choose one.
 */
export async function freeUsername(preferred: string): Promise<string> {
  const cleaned = preferred
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "")
    .replace(/^[^a-z0-9]+/, "")
    .slice(0, 36);
  const base = cleaned.length >= 2 ? cleaned : `${cleaned || "user"}-user`.slice(0, 36);
  for (let suffix = 1; suffix < 1000; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    if (isReservedUsername(candidate)) continue;
    if (!(await db.user.findUnique({ where: { username: candidate }, select: { id: true } }))) return candidate;
  }
  throw new AppError("CONFLICT", "Could not find a free username; choose one explicitly");
}

export async function createUser(input: TSignUpInput, options: { role?: "USER" | "ADMIN" } = {}) {
  const { email, password, name, username, timeZone } = ZSignUpInput.parse(input);
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) {
    throw new AppError("CONFLICT", "An account with this e-mail already exists");
  }
  if (username && (await db.user.findUnique({ where: { username }, select: { id: true } }))) {
    throw new AppError("CONFLICT", "This username is taken");
  }
  const passwordHash = await hashPassword(password);
  const localPart = email.split("@")[0]!.toLowerCase();
  return db.user.create({
    data: {
      email,
      name: name ?? localPart,
      username: username ?? (await freeUsername(localPart)),
      role: options.role ?? "USER",
      timeZone: timeZone ?? "UTC",
      password: { create: { hash: passwordHash } },
    },
    select: USER_IDENTITY,
  });
}

/** The user for an e-mail and password, or null; the same answer for unknown e-mail and wrong password. */
export async function findUserByCredentials(email: string, password: string) {
  const user = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { ...USER_IDENTITY, password: { select: { hash: true } } },
  });
  if (!user?.password || !(await verifyPassword(user.password.hash, password))) return null;
  const { password: _omitted, ...identity } = user;
  return identity;
}
