/** Ending JWT sessions: a token signed in before the version was raised is refused by next-auth's jwt callback. */
import { afterAll, describe, expect, it } from "vitest";
import type { JWT } from "next-auth/jwt";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import { authOptions } from "./next-auth";
import { endAllSessions, isSessionCurrent, SessionEndedError } from "./session-version";

afterAll(() => disconnectDb());

/** The jwt callback as next-auth runs it on every session read (no `user`: not a sign-in). */
const readSession = (token: JWT) => authOptions.callbacks!.jwt!({ token, user: undefined as never, account: null });

describe("session versions", () => {
  it("keeps a session of the current version and ends it once the version is raised", async () => {
    const user = await makeUser();
    const signedIn = await authOptions.callbacks!.jwt!({
      token: { sub: String(user.id) },
      user: { id: String(user.id), role: "USER", email: user.email, name: user.name },
      account: null,
    });
    expect(signedIn.sessionVersion).toBe(0);
    await expect(readSession(signedIn)).resolves.toMatchObject({ userId: user.id });

    expect(await db.$transaction((tx) => endAllSessions(tx, user.id))).toBe(1);
    expect(await isSessionCurrent(user.id, 0)).toBe(false);
    await expect(readSession(signedIn)).rejects.toBeInstanceOf(SessionEndedError);
    await expect(readSession({ ...signedIn, sessionVersion: 1 })).resolves.toMatchObject({ userId: user.id });
  });

  it("ends the session of a user who no longer exists", async () => {
    const user = await makeUser();
    await db.user.delete({ where: { id: user.id } });
    await expect(readSession({ userId: user.id, sessionVersion: 0 })).rejects.toBeInstanceOf(SessionEndedError);
  });
});
