/**
 * Sign-in through the external OpenID provider. An account is linked by ExternalIdentity(issuer,
 * subject) only: name, e-mail and username come from the provider's account on creation. An e-mail that
 * already belongs to a Convene account is not linked automatically (the provider may not have verified
 * it): that person logs in with their password.
 */
import { db } from "../db/client";
import { AppError } from "../errors";
import { freeUsername, USER_IDENTITY } from "../users/user.service";
import { ZDisplayName, ZEmail } from "../users/user.schemas";
import { Prisma } from "../db/generated/client";

export type ExternalAccount = { issuer: string; subject: string; email?: string | null; name?: string | null; preferredUsername?: string | null };

export async function findUserByExternalIdentity(issuer: string, subject: string) {
  const identity = await db.externalIdentity.findUnique({ where: { issuer_subject: { issuer, subject } }, select: { user: { select: USER_IDENTITY } } });
  return identity?.user ?? null;
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** The linked user, created on first sign-in. */
export async function signInWithExternalIdentity(account: ExternalAccount) {
  const { issuer, subject } = account;
  const linked = await findUserByExternalIdentity(issuer, subject);
  if (linked) return linked;
  const email = ZEmail.safeParse(account.email);
  if (!email.success) throw new AppError("BAD_REQUEST", "The identity provider did not share a valid e-mail address");
  if (await db.user.findUnique({ where: { email: email.data }, select: { id: true } })) {
    throw new AppError("CONFLICT", "An account with this e-mail already exists; log in with your password");
  }
  const localPart = email.data.split("@")[0]!;
  const name = ZDisplayName.safeParse(account.name);
  try {
    return await db.user.create({
      data: {
        email: email.data,
        name: name.success ? name.data : localPart,
        username: await freeUsername(account.preferredUsername || localPart),
        identities: { create: { issuer, subject } },
      },
      select: USER_IDENTITY,
    });
  } catch (error) {
    // A concurrent first sign-in of the same person won the race: use what it created.
    const winner = isUniqueViolation(error) ? await findUserByExternalIdentity(issuer, subject) : null;
    if (winner) return winner;
    throw error;
  }
}
