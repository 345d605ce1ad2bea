/**
 * Inputs of the public booking page. Booking itself takes the v2 create-booking body unchanged.
 * Imported by the page's client components too: nothing here may pull in server-only modules.
 */
import { z } from "zod";
import { ZIdField } from "../http/ids";
import { ZTimeZone } from "../time/time-zones";

/** Days shown at once, and how far ahead a visitor may page (the event type's booking window still applies). */
export const DAYS_SHOWN = 14;
export const MAX_WEEKS_AHEAD = 52;

export const ZBookingPageSlotsInput = z
  .object({
    eventTypeId: ZIdField,
    // Usernames are stored lower-cased; a looser rule than sign-up's is enough to look one up.
    username: z.string().trim().toLowerCase().min(1).max(40).optional(),
    /** On a team's page, instead of username: the team holding the event type. */
    teamSlug: z.string().trim().toLowerCase().min(1).max(64).optional(),
    /** With teamSlug, on an organization team's page: team slugs are unique only inside their organization. */
    organizationSlug: z.string().trim().toLowerCase().min(1).max(64).optional(),
    timeZone: ZTimeZone,
    /** Whole weeks after today in `timeZone`: the page's previous/next navigation. */
    weekOffset: z.number().int().min(0).max(MAX_WEEKS_AHEAD),
    /** On a private link's page: the link, which also opens a hidden event type. */
    privateLink: z.string().min(1).max(100).optional(),
    /** After a routing form: its response, whose route may have chosen a round robin's hosts. */
    routingFormResponseId: ZIdField.optional(),
  })
  .refine((input) => (input.username === undefined) !== (input.teamSlug === undefined), {
    path: ["username"],
    message: "Give username (a user's page) or teamSlug (a team's page)",
  })
  .refine((input) => input.organizationSlug === undefined || input.teamSlug !== undefined, {
    path: ["organizationSlug"],
    message: "organizationSlug qualifies a teamSlug",
  });
export type TBookingPageSlotsInput = z.infer<typeof ZBookingPageSlotsInput>;
