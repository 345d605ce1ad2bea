import { sessionActor } from "../auth/actor";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { makeUser, uniqueEmail } from "../../prisma/factories";
import { db, disconnectDb, sql } from "../db/client";
import { AppError } from "../errors";
import { getMe, updateMe } from "./me.service";

afterAll(() => disconnectDb());

const userRow = (id: number) => db.user.findUniqueOrThrow({ where: { id } });

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (reason: unknown) => reason,
  );
}

describe("getMe", () => {
  it("returns the MeOutput of a user without teams", async () => {
    const user = await makeUser({ name: "Grace Hopper", timeZone: "America/New_York" });
    expect(await getMe(sessionActor(user.id))).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      name: "Grace Hopper",
      avatarUrl: null,
      bio: null,
      timeFormat: 24,
      defaultScheduleId: null,
      weekStart: "Monday",
      timeZone: "America/New_York",
      locale: "en",
      organizationId: null,
      teams: [],
    });
  });

  it("reports the accepted organization and the teams", async () => {
    const user = await makeUser();
    const slug = () => `t-${randomBytes(4).toString("hex")}`;
    const org = await db.team.create({ data: { name: "Acme", slug: slug(), isOrganization: true } });
    const team = await db.team.create({ data: { name: "Sales", slug: slug(), parentId: org.id } });
    await db.membership.create({ data: { teamId: org.id, userId: user.id, role: "ADMIN", accepted: true } });
    await db.membership.create({ data: { teamId: team.id, userId: user.id, role: "MEMBER", accepted: false } });

    const me = await getMe(sessionActor(user.id));
    expect(me.organizationId).toBe(org.id);
    expect(me.organization).toEqual({ id: org.id, name: "Acme", slug: org.slug, isPlatform: false, role: "ADMIN" });
    expect(me.teams).toEqual([{ id: team.id, name: "Sales", slug: team.slug, role: "MEMBER", accepted: false, organizationId: org.id }]);
  });

  it("answers an unknown user with NOT_FOUND", async () => {
    const error = await rejectionOf(getMe(sessionActor(2_000_000_000)));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("NOT_FOUND");
  });
});

describe("updateMe", () => {
  it("persists a valid update and returns the new profile", async () => {
    const user = await makeUser();
    const schedule = await db.schedule.create({ data: { userId: user.id, name: "Working hours", timeZone: "Europe/Paris" } });
    const email = uniqueEmail("renamed");
    const changes = {
      email: email.toUpperCase(),
      name: "  Ada L.  ",
      timeFormat: 12 as const,
      weekStart: "Sunday" as const,
      timeZone: "Asia/Tokyo",
      locale: "pt-BR" as const,
      bio: "Mathematician",
      avatarUrl: "https://img.example.test/ada.png",
      defaultScheduleId: schedule.id,
    };
    const expected = { ...changes, email, name: "Ada L." };

    expect(await updateMe(sessionActor(user.id), changes)).toMatchObject(expected);
    expect(await userRow(user.id)).toMatchObject(expected);
  });

  it("keeps unmentioned fields and accepts keeping one's own e-mail", async () => {
    const user = await makeUser({ timeZone: "Europe/Rome" });
    await updateMe(sessionActor(user.id), { email: user.email, bio: "hi" });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, timeZone: "Europe/Rome", bio: "hi", timeFormat: 24 });
  });

  it.each([
    { case: "unknown time zone", input: { timeZone: "Mars/Base" }, path: "timeZone" },
    { case: "offset as time zone", input: { timeZone: "+02:00" }, path: "timeZone" },
    { case: "timeFormat other than 12 or 24", input: { timeFormat: 13 }, path: "timeFormat" },
    { case: "timeFormat as a string", input: { timeFormat: "12" }, path: "timeFormat" },
    { case: "unknown weekStart", input: { weekStart: "Funday" }, path: "weekStart" },
    { case: "lower-case weekStart", input: { weekStart: "monday" }, path: "weekStart" },
    { case: "unknown locale", input: { locale: "xx" }, path: "locale" },
    { case: "malformed e-mail", input: { email: "nope" }, path: "email" },
    { case: "field not in the profile", input: { role: "ADMIN" }, path: "" },
    { case: "a valid field beside an invalid one", input: { name: "Changed", timeZone: "Nowhere/Land" }, path: "timeZone" },
  ])("refuses $case with a ZodError and changes nothing", async ({ input, path }) => {
    const user = await makeUser();
    const before = await userRow(user.id);
    const error = await rejectionOf(updateMe(sessionActor(user.id), input as never));
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.path.join("."))).toContain(path);
    expect(await userRow(user.id)).toEqual(before);
  });

  it("answers another user's schedule as defaultScheduleId with NOT_FOUND and changes nothing", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const theirs = await db.schedule.create({ data: { userId: other.id, name: "Theirs", timeZone: "UTC" } });
    const before = await userRow(user.id);

    const error = await rejectionOf(updateMe(sessionActor(user.id), { defaultScheduleId: theirs.id, name: "Changed" }));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("NOT_FOUND");
    expect((error as AppError).details).toEqual([{ path: "body.defaultScheduleId", message: expect.any(String) }]);
    expect(await userRow(user.id)).toEqual(before);
  });

  it("answers a nonexistent schedule with NOT_FOUND", async () => {
    const user = await makeUser();
    const error = await rejectionOf(updateMe(sessionActor(user.id), { defaultScheduleId: 2_000_000_000 }));
    expect((error as AppError).code).toBe("NOT_FOUND");
  });

  it.each([
    { case: "as written", taken: (email: string) => email },
    { case: "in other case", taken: (email: string) => email.toUpperCase() },
  ])("answers an e-mail taken by another account ($case) with CONFLICT and changes nothing", async ({ taken }) => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const before = await userRow(user.id);
    const error = await rejectionOf(updateMe(sessionActor(user.id), { email: taken(other.email), name: "Changed" }));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("CONFLICT");
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe("profile cache", () => {
  it("a change made anywhere (even plain SQL from another process) reaches the next getMe", async () => {
    const user = await makeUser();
    await vi.waitFor(async () => {
      await getMe(sessionActor(user.id)); // warms the cache once the listener is up
      await sql(`UPDATE "User" SET name = $2 WHERE id = $1`, [user.id, "Renamed Elsewhere"]);
      await vi.waitFor(async () => expect((await getMe(sessionActor(user.id))).name).toBe("Renamed Elsewhere"), { timeout: 2000 });
    });
    await updateMe(sessionActor(user.id), { timeFormat: 12 });
    expect((await getMe(sessionActor(user.id))).timeFormat).toBe(12);
  });
});
