/**
 * Deleting one's own account from the site. What happens, as /settings/security states it:
 * - upcoming bookings the user hosts (accepted or waiting for confirmation, not yet ended) are cancelled through the
 *   bookings' own cancel use case, so attendees get the cancellation mail, calendars and webhooks hear of it;
 * - past bookings stay, for their attendees, without the deleted host;
 * - the account's event types, schedules, out-of-office entries, API keys, OAuth clients and grants, webhooks,
 *   connected calendars and team memberships are deleted with it (the foreign keys cascade);
 * - the sole owner of a team that has other members must hand the team over (or delete it) first.
 * The user proves it is them by the password (accounts with one) and by typing their username.
 */
import type { z } from "zod";
import { ZDeleteAccountInput, type TDeleteAccountInput } from "./account-deletion.schemas";
import { db } from "../db/client";
import { AppError } from "../errors";
import type { Actor } from "../auth/actor";
import { cancelBooking } from "../bookings/booking-lifecycle";
import { verifyPassword } from "../auth/passwords";

export const ACCOUNT_DELETED_REASON = "The host deleted their Convene account";

const refuse = (path: string, message: string) => new AppError("BAD_REQUEST", message, [{ path: `body.${path}`, message }]);

async function assertConfirmed(actor: Actor, input: z.output<typeof ZDeleteAccountInput>) {
  const user = await db.user.findUnique({ where: { id: actor.userId }, select: { username: true, password: { select: { hash: true } } } });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  if (input.username.toLowerCase() !== user.username) throw refuse("username", "This is not your username");
  if (user.password && !(input.password && (await verifyPassword(user.password.hash, input.password)))) {
    throw refuse("password", "The password is not correct");
  }
}

/** Teams that would be left without an owner while they still have members. */
async function assertNoOrphanedTeam(actor: Actor) {
  const owned = await db.team.findMany({
    where: {
      memberships: { some: { userId: actor.userId, role: "OWNER", accepted: true }, none: { userId: { not: actor.userId }, role: "OWNER", accepted: true } },
      AND: { memberships: { some: { userId: { not: actor.userId } } } },
    },
    select: { name: true },
  });
  if (owned.length > 0) {
    throw new AppError(
      "CONFLICT",
      `You are the only owner of ${owned.map((team) => `“${team.name}”`).join(", ")}: make someone else an owner, or delete the team, first`,
    );
  }
}

export async function deleteAccount(actor: Actor, input: TDeleteAccountInput) {
  const confirmed = ZDeleteAccountInput.parse(input);
  await assertConfirmed(actor, confirmed);
  await assertNoOrphanedTeam(actor);
  const upcoming = await db.booking.findMany({
    where: { status: { in: ["ACCEPTED", "PENDING"] }, end: { gt: new Date() }, hosts: { some: { userId: actor.userId } } },
    select: { uid: true },
    orderBy: { start: "asc" },
  });
  for (const { uid } of upcoming) await cancelBooking(actor, uid, { cancellationReason: ACCOUNT_DELETED_REASON });
  await db.user.delete({ where: { id: actor.userId } });
  return { cancelledBookings: upcoming.length };
}
