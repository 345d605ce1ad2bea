/**
 * The instance administrator role (User.role ADMIN): who reviews OAuth clients. A fresh install has none, so the
 * operator grants it from the command line (`npm run cli -- admin:grant --email E`); nothing in the site or the
 * API can, so no web request can make an admin. Revoking the last admin is refused: OAuth clients would then wait
 * for a review nobody can give (grant someone else first).
 */
import { db } from "../db/client";
import { AppError } from "../errors";

const USER_SELECT = { id: true, email: true, username: true, role: true } as const;

async function userByEmail(email: string) {
  const user = await db.user.findFirst({ where: { email: { equals: email, mode: "insensitive" } }, select: USER_SELECT });
  if (!user) throw new AppError("NOT_FOUND", `No user with e-mail ${email}: they sign up first (or npm run cli -- user:create)`);
  return user;
}

export async function grantAdmin(email: string) {
  const user = await userByEmail(email);
  if (user.role === "ADMIN") return { ...user, changed: false };
  return { ...(await db.user.update({ where: { id: user.id }, data: { role: "ADMIN" }, select: USER_SELECT })), changed: true };
}

export async function revokeAdmin(email: string) {
  const user = await userByEmail(email);
  if (user.role !== "ADMIN") return { ...user, changed: false };
  return db.$transaction(async (tx) => {
    // The admins' rows locked, so two revocations at once cannot each leave the other as the last.
    const admins = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "User" WHERE role = 'ADMIN' ORDER BY id FOR UPDATE`;
    if (admins.length === 1 && admins[0]!.id === user.id) {
      throw new AppError("CONFLICT", `${user.email} is the last administrator: grant the role to someone else first, or OAuth clients cannot be reviewed`);
    }
    return { ...(await tx.user.update({ where: { id: user.id }, data: { role: "USER" }, select: USER_SELECT })), changed: true };
  });
}
