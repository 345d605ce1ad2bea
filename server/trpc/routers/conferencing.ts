/** The site's /settings/conferencing, over the same services as /v2/conferencing. */
import { ZConferencingAppInput } from "../../conferencing/conferencing.schemas";
import {
  conferencingOverview,
  connectConferencingApp,
  disconnectConferencingApp,
  parseConferencingApp,
  setDefaultConferencingApp,
} from "../../conferencing/conferencing.service";
import { zoomClientConfig } from "../../conferencing/zoom-credentials";
import { getZoomAuthUrlForSite } from "../../conferencing/zoom-oauth.service";
import type { Actor } from "../../auth/actor";
import { db } from "../../db/client";
import { protectedProcedure, router } from "../init";

const CALENDAR_OF_APP = { "google-meet": ["google_calendar", "Google Calendar"], "office365-video": ["office365_calendar", "Outlook Calendar"] } as const;

/**
 * Each app with why it cannot be connected now, if it cannot: the page offers "Connect" only where it would work
 * and says what is missing elsewhere, instead of a button whose click fails.
 */
async function overviewForSite(actor: Actor) {
  const [apps, calendarTypes] = await Promise.all([
    conferencingOverview(actor),
    db.credential.findMany({ where: { userId: actor.userId, invalid: false }, select: { type: true }, distinct: ["type"] }),
  ]);
  const hasCalendar = (type: string) => calendarTypes.some((row) => row.type === type);
  return apps.map((app) => {
    let unavailable: string | null = null;
    if (app.app === "zoom" && !zoomClientConfig()) unavailable = "Zoom is not set up on this Convene server yet. Its administrator can add Zoom keys.";
    if (app.app === "google-meet" || app.app === "office365-video") {
      const [type, name] = CALENDAR_OF_APP[app.app];
      if (!hasCalendar(type)) unavailable = `Connect ${name} first (Settings → Calendars): ${app.title} meetings are made on its events.`;
    }
    return { ...app, unavailable };
  });
}

export const conferencingRouter = router({
  overview: protectedProcedure.query(({ ctx }) => overviewForSite(ctx.actor)),
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
