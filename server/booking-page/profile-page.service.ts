/** /{username}: a person's public page, listing the event types anyone may book (hidden ones stay off it). */
import { db } from "../db/client";
import { isReservedUsername } from "../users/reserved-usernames";

export type TProfilePage = {
  name: string;
  username: string;
  bio: string | null;
  eventTypes: { title: string; slug: string; lengthInMinutes: number; description: string | null }[];
};

export async function findProfilePage(username: string): Promise<TProfilePage | null> {
  const name = username.toLowerCase();
  if (isReservedUsername(name)) return null;
  const user = await db.user.findUnique({
    where: { username: name },
    select: {
      name: true,
      username: true,
      bio: true,
      eventTypes: {
        where: { hidden: false },
        select: { title: true, slug: true, lengthInMinutes: true, description: true },
        orderBy: [{ position: "desc" }, { id: "asc" }],
        take: 100,
      },
    },
  });
  return user;
}
