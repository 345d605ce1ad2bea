import { listAuthorizedApps, revokeAppAccess } from "../../oauth/grants";
import { ZClientIdInput } from "../../oauth/oauth-client.schemas";
import { protectedProcedure, router } from "../init";

/** Apps and agents the signed-in user has authorized, and withdrawing their access. */
export const authorizedAppsRouter = router({
  list: protectedProcedure.query(async ({ ctx }) =>
    (await listAuthorizedApps(ctx.actor)).map((app) => ({
      ...app,
      authorizedAt: app.authorizedAt.toISOString(),
      lastUsedAt: app.lastUsedAt?.toISOString() ?? null,
    })),
  ),
  revoke: protectedProcedure.input(ZClientIdInput).mutation(({ ctx, input }) => revokeAppAccess(ctx.actor, input.clientId)),
});
