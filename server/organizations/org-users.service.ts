/**
 * The users of an organization (/v2/organizations/{orgId}/users): its accepted members, listed for its admins with
 * the peer's filters; users created here belong to the organization at once and are mailed a link to set their
 * password (the password-reset mechanism, with a longer lifetime). Consent decides the rest: the admins change or
 * delete the accounts they created (User.createdInOrganizationId); a member who joined by invitation owns their
 * account, so the organization can only remove them from itself.
 */
import type { Actor } from "../auth/actor";
import { writePasswordLink } from "../auth/password-reset.service";
import { cancelBooking } from "../bookings/booking-lifecycle";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { Prisma as PrismaRuntime } from "../db/generated/client";
import { AppError } from "../errors";
import { env } from "../env";
import { onMemberLeft } from "../event-types/team-member-sync";
import { queueMails } from "../mail/mail-queue";
import { forgetProfile } from "../me/me.service";
import { createDefaultSchedule } from "../onboarding/onboarding.service";
import { addMembership, assertOwnerPower, lockTeam } from "../teams/membership-writes";
import { freeUsername } from "../users/user.service";
import { leaveOrganizationTeams, membersOfOrganization, organizationById, requireOrgPermission, teamsOfOrganization } from "./organization-access";
import { toOrgUserOutput, ORG_USER_SELECT, type TOrgUserOutput } from "./org-users.dto";
import { ZCreateOrgUserInput, ZUpdateOrgUserInput, type TCreateOrgUserInput, type TListOrgUsersQuery, type TUpdateOrgUserInput } from "./org-users.schemas";

/** A created user has a week to set their password (a reset link lives an hour: that one is asked for by the user). */
export const WELCOME_LINK_LIFETIME_MINUTES = 7 * 24 * 60;

export const ORG_USER_DELETED_REASON = "The host's account was removed by their organization";

const userNotFound = () => new AppError("NOT_FOUND", "User not found");

/** A member of the organization, as the organization's rows reach them (the user's id and their accepted membership). */
const memberOf = (orgId: number, userId: number): Prisma.UserWhereInput => ({ AND: [{ id: userId }, membersOfOrganization(orgId)] });

/** The list's filters: only members; optionally by address and by the organization's teams they are in. */
function listWhere(orgId: number, query: TListOrgUsersQuery): Prisma.UserWhereInput {
  const filters: Prisma.UserWhereInput[] = [membersOfOrganization(orgId)];
  if (query.emails?.length) filters.push({ email: { in: query.emails } });
  if (query.teamIds?.length) {
    filters.push({ memberships: { some: { accepted: true, teamId: { in: query.teamIds }, team: teamsOfOrganization(orgId) } } });
  }
  return { AND: filters };
}

/** `query`: parsed already (ZListOrgUsersQuery at the route; the site passes plain numbers). */
export async function listOrgUsers(actor: Actor, orgId: number, query: TListOrgUsersQuery) {
  return db.$transaction(async (tx) => {
    await requireOrgPermission(actor, orgId, "org.users.read", tx);
    const where = listWhere(orgId, query);
    const rows = await tx.user.findMany({ where, select: ORG_USER_SELECT(orgId), orderBy: { id: "asc" }, skip: query.skip, take: query.take });
    const totalItems = await tx.user.count({ where });
    return { items: rows.map((row) => toOrgUserOutput(row, orgId)), totalItems };
  });
}

export async function getOrgUser(actor: Actor, orgId: number, userId: number): Promise<TOrgUserOutput> {
  await requireOrgPermission(actor, orgId, "org.users.read");
  const row = await db.user.findFirst({ where: memberOf(orgId, userId), select: ORG_USER_SELECT(orgId) });
  if (!row) throw userNotFound();
  return toOrgUserOutput(row, orgId);
}

const welcomeMail = (to: string, org: { name: string }, link: string) => ({
  to,
  subject: `Your Convene account at ${org.name}`,
  text:
    `${org.name} created a Convene account for you (${to}).\n\n` +
    `Choose your password here:\n${link}\n\n` +
    `The link works once and expires in 7 days. After that, ask for a new one with "Forgot password" at ${env().APP_URL}/auth/login\n`,
});

const emailTaken = () =>
  new AppError(
    "CONFLICT",
    "An account with this e-mail already exists: invite it to the organization (POST /v2/organizations/{orgId}/memberships); it joins when its owner accepts",
    [{ path: "body.email", message: "An account uses this e-mail: invite it instead" }],
  );
const usernameTaken = () => new AppError("CONFLICT", "This username is taken", [{ path: "body.username", message: "This username is taken" }]);

/** Maps a unique-index race on e-mail or username (a concurrent sign-up) to the same 409 as the checks before it. */
function asTakenConflict(error: unknown): never {
  if (error instanceof PrismaRuntime.PrismaClientKnownRequestError && error.code === "P2002") {
    const target = JSON.stringify(error.meta ?? {});
    throw target.includes("username") ? usernameTaken() : emailTaken();
  }
  throw error;
}

/**
 * Creates an account in the organization: an accepted membership with `organizationRole` (OWNER only from an owner),
 * a default schedule, and a mailed link to set the password — all in one transaction, so a failure leaves no account
 * and a committed one always mails. An address that already has an account is a 409: that person joins only by
 * accepting an invitation.
 */
export async function createOrgUser(actor: Actor, orgId: number, input: TCreateOrgUserInput): Promise<TOrgUserOutput> {
  const { email, organizationRole, autoAccept: _autoAccept, username, name, ...profile } = ZCreateOrgUserInput.parse(input);
  const localPart = email.split("@")[0]!;
  const chosenUsername = username ?? (await freeUsername(localPart));
  const row = await db
    .$transaction(async (tx) => {
      await requireOrgPermission(actor, orgId, "org.users.write", tx);
      await lockTeam(tx, orgId);
      if (organizationRole === "OWNER") await assertOwnerPower(tx, actor, orgId, "create an OWNER");
      if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
      if (await tx.user.findUnique({ where: { username: chosenUsername }, select: { id: true } })) throw usernameTaken();
      const org = await tx.team.findFirstOrThrow({ where: organizationById(orgId), select: { name: true } });
      const user = await tx.user.create({
        data: { email, username: chosenUsername, name: name ?? localPart, ...profile, createdInOrganizationId: orgId, onboardingStep: "COMPLETE" },
        select: { id: true, timeZone: true },
      });
      await createDefaultSchedule(tx, user.id, user.timeZone);
      await addMembership(tx, { teamId: orgId, userId: user.id, role: organizationRole, accepted: true });
      const link = await writePasswordLink(tx, user.id, WELCOME_LINK_LIFETIME_MINUTES);
      await queueMails(tx, [welcomeMail(email, org, link)]);
      return tx.user.findUniqueOrThrow({ where: { id: user.id }, select: ORG_USER_SELECT(orgId) });
    })
    .catch(asTakenConflict);
  return toOrgUserOutput(row, orgId);
}

/** The member, and whether this organization created their account (only then does it manage the account itself). */
async function managedMember(tx: Tx, orgId: number, userId: number, what: string) {
  const user = await tx.user.findFirst({ where: memberOf(orgId, userId), select: { id: true, createdInOrganizationId: true } });
  if (!user) throw userNotFound();
  if (user.createdInOrganizationId !== orgId) {
    throw new AppError("FORBIDDEN", `This user joined the organization with their own account; only they can ${what}`);
  }
  return user;
}

export async function updateOrgUser(actor: Actor, orgId: number, userId: number, input: TUpdateOrgUserInput): Promise<TOrgUserOutput> {
  const changes = ZUpdateOrgUserInput.parse(input);
  const row = await db
    .$transaction(async (tx) => {
      await requireOrgPermission(actor, orgId, "org.users.write", tx);
      await managedMember(tx, orgId, userId, "change their profile");
      if (changes.email && (await tx.user.findFirst({ where: { email: changes.email, id: { not: userId } }, select: { id: true } }))) throw emailTaken();
      if (changes.username && (await tx.user.findFirst({ where: { username: changes.username, id: { not: userId } }, select: { id: true } }))) {
        throw usernameTaken();
      }
      return tx.user.update({ where: { id: userId }, data: changes, select: ORG_USER_SELECT(orgId) });
    })
    .catch(asTakenConflict);
  await forgetProfile(userId);
  return toOrgUserOutput(row, orgId);
}

/**
 * Removes the user from the organization. An account the organization created goes with it: its upcoming bookings
 * are cancelled first through the bookings' own use case (attendees mailed, calendars and webhooks told), then the
 * account is deleted. A member who joined by invitation keeps their account and only leaves the organization and its
 * teams. An organization always keeps an accepted OWNER (409).
 */
export async function deleteOrgUser(actor: Actor, orgId: number, userId: number): Promise<TOrgUserOutput> {
  const { output, deleteAccount } = await db.$transaction(async (tx) => {
    await requireOrgPermission(actor, orgId, "org.users.write", tx);
    await lockTeam(tx, orgId);
    const row = await tx.user.findFirst({ where: memberOf(orgId, userId), select: ORG_USER_SELECT(orgId) });
    if (!row) throw userNotFound();
    const membership = await tx.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId: orgId, userId } }, select: { id: true, role: true } });
    if (membership.role === "OWNER") {
      await assertOwnerPower(tx, actor, orgId, "remove an OWNER");
      const owners = await tx.membership.count({ where: { teamId: orgId, role: "OWNER", accepted: true, userId: { not: userId } } });
      if (owners === 0) throw new AppError("CONFLICT", "The organization's last owner cannot be removed; make another member OWNER first");
    }
    await tx.membership.delete({ where: { id: membership.id } });
    await onMemberLeft(tx, orgId, userId);
    await leaveOrganizationTeams(tx, orgId, userId);
    return { output: toOrgUserOutput(row, orgId), deleteAccount: row.createdInOrganizationId === orgId };
  });
  if (deleteAccount) {
    const upcoming = await db.booking.findMany({
      where: { status: { in: ["ACCEPTED", "PENDING"] }, end: { gt: new Date() }, hosts: { some: { userId } } },
      select: { uid: true },
    });
    // As the host: the organization that made the account ends it, and the host's own cancellation is what follows.
    for (const { uid } of upcoming) await cancelBooking({ userId, via: actor.via }, uid, { cancellationReason: ORG_USER_DELETED_REASON });
    await db.user.delete({ where: { id: userId } });
  }
  await forgetProfile(userId);
  return output;
}
