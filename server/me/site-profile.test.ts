import { afterAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { makeUser } from "../../prisma/factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { AppError } from "../errors";
import { updateSiteProfile } from "./me.service";

afterAll(() => disconnectDb());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("updateSiteProfile", () => {
  it("saves name, username, avatar and bio; an emptied avatar is none", async () => {
    const user = await makeUser();
    const username = `${user.username}-x`;
    const saved = await updateSiteProfile(sessionActor(user.id), { name: "Ada", username: username.toUpperCase(), avatarUrl: "", bio: "Hi" });
    expect(saved).toMatchObject({ name: "Ada", username, avatarUrl: null, bio: "Hi" });
  });

  it("refuses a username another account holds, on the field, and a reserved one", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const taken = (await failure(updateSiteProfile(sessionActor(user.id), { name: "Ada", username: other.username, avatarUrl: "", bio: "" }))) as AppError;
    expect([taken.code, taken.details]).toEqual(["CONFLICT", [{ path: "body.username", message: "This username is taken" }]]);
    const reserved = await failure(updateSiteProfile(sessionActor(user.id), { name: "Ada", username: "availability", avatarUrl: "", bio: "" }));
    expect(reserved).toBeInstanceOf(ZodError);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).username).toBe(user.username);
  });
});
