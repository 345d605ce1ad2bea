/**
 * The site's calendar settings (/settings/calendars and onboarding's calendar step), through the very service functions
 * the /v2/calendars, /v2/selected-calendars and /v2/destination-calendars routes call (calendars.routes.ts), with the
 * session's Actor. Inputs are the REST bodies' own schemas, so a service's field paths (`body.urls.0`) name the form's fields.
 */
import { z } from "zod";
import { getConnectUrl } from "../../calendars/calendar-oauth.service";
import { connectableCalendarKinds } from "../../calendars/calendar-kinds";
import {
  ZAppleCredentialsInput,
  ZDestinationCalendarInput,
  ZDisconnectCalendarParams,
  ZDisconnectInput,
  ZOAuthCalendarParams,
  ZSaveIcsFeedInput,
  ZSelectedCalendarInput,
} from "../../calendars/calendars.schemas";
import { disconnectCalendar, listConnectedCalendars, saveCalDavCredentials, saveIcsFeed } from "../../calendars/calendars.service";
import { addSelectedCalendar, removeSelectedCalendar, setDestinationCalendar } from "../../calendars/selected-calendars.service";
import { protectedProcedure, router } from "../init";

/** Where the provider's consent sends the browser back: a path on this service (checkRedir holds it to our origin). */
const ZReturnPath = z.string().startsWith("/", "Must be a path on this site").max(2048).default("/settings/calendars");

export const calendarsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listConnectedCalendars(ctx.actor)),
  kinds: protectedProcedure.query(() => connectableCalendarKinds()),
  // A session acts as its own user, unscoped, with no OAuth client: the same caller shape as an API key.
  connectUrl: protectedProcedure
    .input(ZOAuthCalendarParams.extend({ returnTo: ZReturnPath }))
    .mutation(({ ctx, input }) => getConnectUrl({ userId: ctx.actor.userId, via: "api-key", oauthClientId: null }, input.calendar, { redir: input.returnTo })),
  saveCalDav: protectedProcedure.input(ZAppleCredentialsInput).mutation(({ ctx, input }) => saveCalDavCredentials(ctx.actor, input)),
  saveIcsFeed: protectedProcedure.input(ZSaveIcsFeedInput).mutation(({ ctx, input }) => saveIcsFeed(ctx.actor, input)),
  disconnect: protectedProcedure
    .input(ZDisconnectCalendarParams.extend(ZDisconnectInput.shape))
    .mutation(({ ctx, input }) => disconnectCalendar(ctx.actor, input.calendar, input.id)),
  /** The "check for conflicts" switch of one calendar. */
  setSelected: protectedProcedure
    .input(ZSelectedCalendarInput.extend({ isSelected: z.boolean() }))
    .mutation(({ ctx, input: { isSelected, ...calendar } }) =>
      isSelected ? addSelectedCalendar(ctx.actor, calendar) : removeSelectedCalendar(ctx.actor, calendar),
    ),
  setDestination: protectedProcedure.input(ZDestinationCalendarInput).mutation(({ ctx, input }) => setDestinationCalendar(ctx.actor, input)),
});
