import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import { AppError } from "../errors";
import { findUserByCredentials } from "../users/user.service";
import { sessionActor } from "./actor";
import { authOptions } from "./next-auth";
import { changePassword } from "./password-change";
import { SessionEndedError } from "./session-version";

afterAll(() => disconnectDb());

const NEW_PASSWORD = "another-long-passphrase";
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );
type JwtCallback = (params: { token: Record<string, unknown>; user?: unknown }) => Promise<Record<string, unknown>>;
const jwt = authOptions.callbacks!.jwt as unknown as JwtCallback;

describe("changePassword", () => {
  it("needs the current password, on its field, and changes nothing without it", async () => {
    const user = await makeUser();
    const refused = await failure(changePassword(sessionActor(user.id), { currentPassword: "wrong-password", newPassword: NEW_PASSWORD }, "203.0.113.9"));
    expect(refused?.details).toEqual([{ path: "body.currentPassword", message: "The current password is not correct" }]);
    expect(await findUserByCredentials(user.email, user.password)).not.toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(0);
  });

  it("sets the new password and ends every session issued before", async () => {
    const user = await makeUser();
    const issued = await jwt({ token: { sub: String(user.id) }, user: { id: String(user.id), role: "USER" } });
    expect(await jwt({ token: issued })).toMatchObject({ userId: user.id });

    await changePassword(sessionActor(user.id), { currentPassword: user.password, newPassword: NEW_PASSWORD }, "203.0.113.9");
    expect(await findUserByCredentials(user.email, user.password)).toBeNull();
    expect(await findUserByCredentials(user.email, NEW_PASSWORD)).not.toBeNull();
    await expect(jwt({ token: issued })).rejects.toThrow(SessionEndedError);

    const reissued = await jwt({ token: { sub: String(user.id) }, user: { id: String(user.id), role: "USER" } });
    expect(await jwt({ token: reissued })).toMatchObject({ userId: user.id });
  });

  it("refuses a new password equal to the current one", async () => {
    const user = await makeUser();
    await expect(changePassword(sessionActor(user.id), { currentPassword: user.password, newPassword: user.password }, "203.0.113.9")).rejects.toThrow(
      /Choose a password other than the current one/,
    );
  });
});
