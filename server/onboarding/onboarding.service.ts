/**
 * Onboarding progress, stored per user (User.onboardingStep): PROFILE → CALENDARS → COMPLETE. A step
 * may be revisited; progress only ever moves forward. Who has no session is at the account step.
 */
import { saveIcsFeed } from "../calendars/calendars.service";
import { db, type Tx } from "../db/client";
import { AppError, isAppError } from "../errors";
import { forgetProfile } from "../me/me.service";
import { DEFAULT_AVAILABILITY, toMinutes, WEEKDAYS } from "../schedules/schedule.schemas";
import { createUser } from "../users/user.service";
import type { TSignUpInput } from "../users/user.schemas";
import { ZProfileStepInput, type TProfileStepInput } from "./onboarding.schemas";
import { cliActor, type Actor } from "../auth/actor";

export type OnboardingStep = "ACCOUNT" | "PROFILE" | "CALENDARS" | "COMPLETE";

export const DEFAULT_SCHEDULE_NAME = "Working hours";

export type OnboardingProgress = {
  step: Exclude<OnboardingStep, "ACCOUNT">;
  profile: { email: string; name: string; username: string; timeZone: string };
  /** Signed up through an external identity provider: the app's prefill does not apply. */
  isExternal: boolean;
};

export async function getOnboardingProgress({ userId }: Actor): Promise<OnboardingProgress> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { onboardingStep: true, email: true, name: true, username: true, timeZone: true, _count: { select: { identities: true } } },
  });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  const { onboardingStep, _count, ...profile } = user;
  return { step: onboardingStep, profile, isExternal: _count.identities > 0 };
}

async function lockUser(tx: Tx, userId: number) {
  const [user] = await tx.$queryRaw<{ defaultScheduleId: number | null; onboardingStep: string }[]>`
    SELECT "defaultScheduleId", "onboardingStep"::text AS "onboardingStep" FROM "User" WHERE id = ${userId} FOR UPDATE`;
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  return user;
}

/** Mon–Fri 09:00–17:00 in the user's zone, as the schedules service stores weekly windows. */
export async function createDefaultSchedule(tx: Tx, userId: number, timeZone: string) {
  const entries = DEFAULT_AVAILABILITY.map((entry) => ({
    days: entry.days.map((day) => WEEKDAYS.indexOf(day)),
    startMinute: toMinutes(entry.startTime),
    endMinute: toMinutes(entry.endTime),
  }));
  const { id } = await tx.schedule.create({
    data: { userId, name: DEFAULT_SCHEDULE_NAME, timeZone, entries: { createMany: { data: entries } } },
    select: { id: true },
  });
  await tx.user.update({ where: { id: userId }, data: { defaultScheduleId: id } });
}

/**
 * Name, username and time zone; a user without schedules gets the default one. Under the user-row lock,
 * so a double submit cannot create two schedules.
 */
export async function saveProfileStep({ userId }: Actor, input: TProfileStepInput) {
  const { name, username, timeZone } = ZProfileStepInput.parse(input);
  await db.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const holder = await tx.user.findUnique({ where: { username }, select: { id: true } });
    if (holder && holder.id !== userId) {
      throw new AppError("CONFLICT", "This username is taken", [{ path: "username", message: "This username is taken" }]);
    }
    await tx.user.update({
      where: { id: userId },
      data: { name, username, timeZone, ...(user.onboardingStep === "PROFILE" ? { onboardingStep: "CALENDARS" } : {}) },
    });
    if (user.defaultScheduleId === null && (await tx.schedule.count({ where: { userId } })) === 0) {
      await createDefaultSchedule(tx, userId, timeZone);
    }
  });
  await forgetProfile(userId);
}

/**
 * Connects an ICS feed through the calendars service (which fetches and checks it), then leaves the
 * calendar step. The service's first complaint about the URL becomes the message shown at the field.
 */
export async function connectIcsFeedStep(actor: Actor, url: string) {
  if ((await getOnboardingProgress(actor)).step === "PROFILE") throw new AppError("BAD_REQUEST", "Set up your profile first");
  try {
    await saveIcsFeed(actor, { urls: [url], readOnly: true });
  } catch (error) {
    if (!isAppError(error) || error.code !== "BAD_REQUEST") throw error;
    const [first] = Array.isArray(error.details) ? (error.details as { message?: string }[]) : [];
    throw new AppError("BAD_REQUEST", first?.message ?? error.message, [{ path: "url", message: first?.message ?? error.message }]);
  }
  await finishCalendarStep(actor);
}

/** Leaves the calendar step (connected or skipped): onboarding is complete. */
export async function finishCalendarStep({ userId }: Actor) {
  await db.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.onboardingStep === "PROFILE") throw new AppError("BAD_REQUEST", "Set up your profile first");
    if (user.onboardingStep === "CALENDARS") await tx.user.update({ where: { id: userId }, data: { onboardingStep: "COMPLETE" } });
  });
}

/**
 * An account made in one go (the operator CLI): the web sign-up, then the profile step with the name,
 * username and zone sign-up chose, then the calendar step skipped. Through the same steps, so it gets
 * exactly what a person clicking through onboarding gets, the default schedule included.
 */
export async function createOnboardedUser(input: TSignUpInput, options: { role?: "USER" | "ADMIN" } = {}) {
  const user = await createUser(input, options);
  const actor = cliActor(user.id);
  const { profile } = await getOnboardingProgress(actor);
  await saveProfileStep(actor, { name: profile.name, username: profile.username, timeZone: profile.timeZone });
  await finishCalendarStep(actor);
  return user;
}
