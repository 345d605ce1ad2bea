import { connectIcsFeedStep, finishCalendarStep, saveProfileStep } from "../../onboarding/onboarding.service";
import { ZConnectIcsFeedInput, ZProfileStepInput } from "../../onboarding/onboarding.schemas";
import { protectedProcedure, router } from "../init";

export const onboardingRouter = router({
  saveProfile: protectedProcedure.input(ZProfileStepInput).mutation(({ ctx, input }) => saveProfileStep(ctx.actor, input)),
  connectIcsFeed: protectedProcedure.input(ZConnectIcsFeedInput).mutation(({ ctx, input }) => connectIcsFeedStep(ctx.actor, input.url)),
  finishCalendars: protectedProcedure.mutation(({ ctx }) => finishCalendarStep(ctx.actor)),
});
