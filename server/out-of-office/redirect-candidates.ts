/** The people the site offers as an out-of-office entry's redirect target (ooo-access.ts `teammatesOf`). */
import { db } from "../db/client";
import type { Actor } from "../auth/actor";
import { teammatesOf } from "./ooo-access";

export async function listRedirectCandidates(actor: Actor) {
  return db.user.findMany({
    where: teammatesOf(actor),
    select: { id: true, name: true, username: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 500,
  });
}
