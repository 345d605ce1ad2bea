/** The site's /settings/conferencing, over the same services as /v2/conferencing. */
import { ZConferencingAppInput } from "../../conferencing/conferencing.schemas";
import {
  conferencingOverview,
  connectConferencingApp,
  disconnectConferencingApp,
  parseConferencingApp,
  setDefaultConferencingApp,
} from "../../conferencing/conferencing.service";
import { getZoomAuthUrlForSite } from "../../conferencing/zoom-oauth.service";
import { protectedProcedure, router } from "../init";

export const conferencingRouter = router({
  overview: protectedProcedure.query(({ ctx }) => conferencingOverview(ctx.actor)),
  setDefault: protectedProcedure
    .input(ZConferencingAppInput)
    .mutation(({ ctx, input }) => setDefaultConferencingApp(ctx.actor, parseConferencingApp(input.app))),
  connect: protectedProcedure.input(ZConferencingAppInput).mutation(async ({ ctx, input }) => {
    const app = parseConferencingApp(input.app);
    // Zoom goes through its consent page: the browser is sent to the URL this answers.
    if (app === "zoom") return { redirectTo: (await getZoomAuthUrlForSite(ctx.actor.userId)).url };
    await connectConferencingApp(ctx.actor, app);
    return { redirectTo: null };
  }),
  disconnect: protectedProcedure
    .input(ZConferencingAppInput)
    .mutation(({ ctx, input }) => disconnectConferencingApp(ctx.actor, parseConferencingApp(input.app))),
});
