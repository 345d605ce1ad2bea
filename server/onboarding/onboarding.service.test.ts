import { sessionActor } from "../auth/actor";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import { AppError } from "../errors";
import { DEFAULT_SCHEDULE_NAME, finishCalendarStep, getOnboardingProgress, saveProfileStep } from "./onboarding.service";

afterAll(() => disconnectDb());

const schedulesOf = (userId: number) =>
  db.schedule.findMany({
    where: { userId },
    select: {
      name: true,
      timeZone: true,
      defaultFor: { select: { id: true } },
      entries: { select: { days: true, startMinute: true, endMinute: true, date: true } },
    },
  });

describe("saveProfileStep", () => {
  it("stores the profile, gives a default Mon–Fri 09:00–17:00 schedule in the user's zone and moves on to calendars", async () => {
    const user = await makeUser();
    await saveProfileStep(sessionActor(user.id), { name: "Ada Lovelace", username: `${user.username}-x`, timeZone: "Europe/London" });
    const progress = await getOnboardingProgress(sessionActor(user.id));
    expect(progress).toMatchObject({
      step: "CALENDARS",
      profile: { name: "Ada Lovelace", username: `${user.username}-x`, timeZone: "Europe/London" },
      isExternal: false,
    });
    expect(await schedulesOf(user.id)).toEqual([
      {
        name: DEFAULT_SCHEDULE_NAME,
        timeZone: "Europe/London",
        defaultFor: { id: user.id },
        entries: [{ days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1020, date: null }],
      },
    ]);
  });

  it("creates the schedule once, even for concurrent submits, and never moves progress back", async () => {
    const user = await makeUser();
    const input = { name: "Ada", username: user.username, timeZone: "UTC" };
    await Promise.all([
      saveProfileStep(sessionActor(user.id), input),
      saveProfileStep(sessionActor(user.id), input),
      saveProfileStep(sessionActor(user.id), input),
    ]);
    expect(await schedulesOf(user.id)).toHaveLength(1);
    await finishCalendarStep(sessionActor(user.id));
    await saveProfileStep(sessionActor(user.id), { ...input, name: "Ada again" });
    expect((await getOnboardingProgress(sessionActor(user.id))).step).toBe("COMPLETE");
    expect(await schedulesOf(user.id)).toHaveLength(1);
  });

  it("refuses a username someone else has, changing nothing", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const error = await saveProfileStep(sessionActor(user.id), { name: "X", username: other.username.toUpperCase(), timeZone: "UTC" }).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("CONFLICT");
    expect((await getOnboardingProgress(sessionActor(user.id))).step).toBe("PROFILE");
    expect(await schedulesOf(user.id)).toEqual([]);
  });
});

describe("finishCalendarStep", () => {
  it("needs the profile first", async () => {
    const user = await makeUser();
    await expect(finishCalendarStep(sessionActor(user.id))).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
