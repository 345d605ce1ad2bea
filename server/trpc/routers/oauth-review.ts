import { listClientsForReview, reviewClient } from "../../oauth/review";
import { ZReviewInput } from "../../oauth/oauth-client.schemas";
import { getAgentPolicy, setAgentPolicy } from "../../oauth/agents/agent-policy";
import { ZAgentPolicyInput } from "../../oauth/agents/agent-policy.schemas";
import { adminProcedure, router } from "../init";
import { toClientView } from "./oauth-clients";

/** Admins' review queue. Every procedure here is adminProcedure: non-admins get FORBIDDEN. */
export const oauthReviewRouter = router({
  list: adminProcedure.query(async () => (await listClientsForReview()).map(({ owner, ...client }) => ({ ...toClientView(client), owner }))),
  review: adminProcedure.input(ZReviewInput).mutation(({ ctx, input }) => reviewClient(ctx.actor, input)),
  agentPolicy: adminProcedure.query(() => getAgentPolicy()),
  setAgentPolicy: adminProcedure.input(ZAgentPolicyInput).mutation(({ ctx, input }) => setAgentPolicy(ctx.actor, input)),
});
