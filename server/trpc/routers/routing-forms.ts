/**
 * The site's routing forms (/routing-forms): the signed-in user's own, through the use cases of /v2/routing-forms,
 * and the public page's submission (/forms/{id}), open to visitors like the booking page. Team forms are managed
 * through the API (/v2/teams/{teamId}/routing-forms), whose use cases check the team permission.
 */
import { z } from "zod";
import { ZCreateRoutingFormInput, ZRoutingFormAnswers, ZUpdateRoutingFormInput } from "../../routing-forms/routing-form.schemas";
import { createRoutingForm, deleteRoutingForm, routingFormEditorData, updateRoutingForm } from "../../routing-forms/routing-form.service";
import { listResponsesForSite, submitRoutingFormFrom } from "../../routing-forms/routing-responses.service";
import { protectedProcedure, publicProcedure, router } from "../init";

const own = { kind: "user" } as const;
const ZFormId = z.object({ id: z.string().min(1).max(64) }).strict();

export const routingFormsRouter = router({
  list: protectedProcedure.query(({ ctx }) => routingFormEditorData(ctx.actor)),
  create: protectedProcedure.input(ZCreateRoutingFormInput).mutation(({ ctx, input }) => createRoutingForm(ctx.actor, own, input)),
  update: protectedProcedure
    .input(z.object({ id: z.string().min(1).max(64), body: ZUpdateRoutingFormInput }).strict())
    .mutation(({ ctx, input }) => updateRoutingForm(ctx.actor, own, input.id, input.body)),
  delete: protectedProcedure.input(ZFormId).mutation(({ ctx, input }) => deleteRoutingForm(ctx.actor, own, input.id)),
  responses: protectedProcedure.input(ZFormId).query(({ ctx, input }) => listResponsesForSite(ctx.actor, own, input.id)),
  submit: publicProcedure
    .input(z.object({ id: z.string().min(1).max(64), answers: ZRoutingFormAnswers }).strict())
    .mutation(({ ctx, input }) => submitRoutingFormFrom(ctx.clientAddress, input.id, input.answers)),
});
