import { listClientsForReview, reviewClient } from "../../oauth/review";
import { ZReviewInput } from "../../oauth/oauth-client.schemas";
import { adminProcedure, router } from "../init";
import { toClientView } from "./oauth-clients";

/** Admins' review queue. Every procedure here is adminProcedure: non-admins get FORBIDDEN. */
export const oauthReviewRouter = router({
  list: adminProcedure.query(async () => (await listClientsForReview()).map(({ owner, ...client }) => ({ ...toClientView(client), owner }))),
  review: adminProcedure.input(ZReviewInput).mutation(({ ctx, input }) => reviewClient(ctx.actor, input)),
});
