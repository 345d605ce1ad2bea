/**
 * The site's workflows (/workflows): the signed-in user's own, through the use cases of /v2/workflows. Team
 * workflows are managed through the API (/v2/teams/{teamId}/workflows), whose use cases check the team permission.
 */
import { z } from "zod";
import { ZIdField } from "../../http/ids";
import { ZCreateWorkflowInput, ZUpdateWorkflowInput } from "../../workflows/workflow.schemas";
import { createWorkflow, deleteWorkflow, sendTestMessage, updateWorkflow, workflowEditorData } from "../../workflows/workflow.service";
import { protectedProcedure, router } from "../init";

const own = { kind: "user" } as const;

export const workflowsRouter = router({
  list: protectedProcedure.query(({ ctx }) => workflowEditorData(ctx.actor)),
  create: protectedProcedure.input(ZCreateWorkflowInput).mutation(({ ctx, input }) => createWorkflow(ctx.actor, own, input)),
  update: protectedProcedure
    .input(z.object({ id: ZIdField, body: ZUpdateWorkflowInput }).strict())
    .mutation(({ ctx, input }) => updateWorkflow(ctx.actor, own, input.id, input.body)),
  delete: protectedProcedure.input(z.object({ id: ZIdField }).strict()).mutation(({ ctx, input }) => deleteWorkflow(ctx.actor, own, input.id)),
  testSend: protectedProcedure
    .input(z.object({ subject: z.string().max(500), body: z.string().min(1, "Write the message first").max(20_000), isSms: z.boolean() }).strict())
    .mutation(({ ctx, input }) => sendTestMessage(ctx.actor, input)),
});
