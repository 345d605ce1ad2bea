/**
 * The public booking pages at /{username}/{slug}, a team's /team/{teamSlug}/{slug} and an organization team's
 * /org/{orgSlug}/team/{teamSlug}/{slug}: which event type it shows, its slots by local day,
 * and booking one. Availability and booking are the v2 use cases themselves (getAvailableSlots,
 * createBooking), so the page can offer nothing the API would refuse, and the reverse.
 */
import { createBooking } from "../bookings/create";
import { manageTokenOfBooking, manageTokenOfSeat } from "../bookings/manage-link.service";
import type { TBookingOutput } from "../bookings/booking.dto";
import type { TCreateBookingInput } from "../bookings/booking.schemas";
import { db } from "../db/client";
import { AppError, isAppError } from "../errors";
import { resolvePrivateLink } from "../event-types/private-link.service";
import { recurrenceOf, type TRecurrence } from "../event-types/recurrence";
import { hostsChosenByResponse } from "../routing-forms/routed-booking";
import { getAvailableSlots } from "../slots/slot-listings";
import type { TBookingFieldOutput } from "../event-types/booking-fields";
import { pageFieldsOf, pageLocationsOf, type TPageLocation } from "./booking-page-form";
import { DAYS_SHOWN, type TBookingPageSlotsInput } from "./booking-page.schemas";
import { orgTeamEventTypesOnPublicPage, teamEventTypesOnPublicPage, userEventTypesOnPublicPage } from "./public-visibility";
import { addDays, localDateOf, startOfLocalDay } from "./zone-days";

const EVENT_SELECT = {
  id: true,
  title: true,
  slug: true,
  description: true,
  lengthInMinutes: true,
  requiresConfirmation: true,
  disableGuests: true,
  successRedirectUrl: true,
  locations: true,
  bookingFields: true,
  recurrence: true,
} as const;
const BOOKING_PAGE_SELECT = { ...EVENT_SELECT, owner: { select: { name: true, username: true } } } as const;

/**
 * Whose page it is: the name shown above the event, and what the slot query names them by (a user's event type
 * by its owner's username, a team's by the team's slug, qualified by its organization's for a team of one).
 */
export type TBookingPageHost = { name: string; username: string } | { name: string; teamSlug: string; organizationSlug?: string };

export type TBookingPage = {
  eventTypeId: number;
  title: string;
  slug: string;
  description: string | null;
  lengthInMinutes: number;
  requiresConfirmation: boolean;
  /** The form then asks for no guests (the booking would refuse them). */
  disableGuests: boolean;
  /** Where the visitor goes after booking, instead of the confirmation. */
  successRedirectUrl: string | null;
  host: TBookingPageHost;
  /** Where the meeting can take place: one is applied, among several the visitor chooses (booking-location.ts). */
  locations: TPageLocation[];
  /** The booking fields the visitor is asked, in order: defaults not hidden, then custom questions. */
  fields: TBookingFieldOutput[];
  /** Set on a private link's page (/d/{linkId}/{slug}): slots and booking then go through the link. */
  privateLink?: string;
  /** A recurring event type: a booking is a series of `occurrences` (docs/recurring-and-seated.md). */
  recurrence: TRecurrence | null;
};

type EventRow = { id: number; locations: unknown; bookingFields: unknown; disableGuests: boolean; recurrence: unknown } & Omit<
  TBookingPage,
  "eventTypeId" | "host" | "locations" | "fields" | "privateLink" | "recurrence"
>;

/** The page of an event type row: the form computed from its settings, never the settings themselves. */
function toPage({ id, locations, bookingFields, recurrence, ...fields }: EventRow, host: TBookingPageHost, privateLink?: string): TBookingPage {
  return {
    eventTypeId: id,
    ...fields,
    recurrence: recurrenceOf(recurrence),
    host,
    locations: pageLocationsOf(locations),
    fields: pageFieldsOf({ bookingFields, locations, disableGuests: fields.disableGuests }),
    ...(privateLink ? { privateLink } : {}),
  };
}

/** The visible event type `slug` of `username`, or null: hidden and unknown ones look alike (no existence leak). */
export async function findBookingPage(username: string, slug: string): Promise<TBookingPage | null> {
  const row = await db.eventType.findFirst({ where: { slug, ...userEventTypesOnPublicPage(username) }, select: BOOKING_PAGE_SELECT });
  if (!row?.owner) return null;
  const { owner, ...event } = row;
  return toPage(event, owner);
}

/**
 * The event type a live private link books (a user's or a team's), hidden or not, when `slug` is its slug; null for an unknown,
 * expired or used-up link (they look alike, as on the API).
 */
export async function findPrivateLinkPage(linkId: string, slug: string): Promise<TBookingPage | null> {
  const link = await resolvePrivateLink(db, linkId);
  if (!link) return null;
  const row = await db.eventType.findFirst({
    where: { id: link.eventTypeId, slug },
    select: { ...BOOKING_PAGE_SELECT, team: { select: { name: true, slug: true } } },
  });
  if (!row) return null;
  const { owner, team, ...event } = row;
  // A team event type's link (made by its OWNERs and ADMINs) shows the team, as the team's own page does.
  if (team) return toPage(event, { name: team.name, teamSlug: team.slug }, linkId);
  return owner ? toPage(event, owner, linkId) : null;
}

/** A visible event type `slug` of the top-level team `teamSlug` (public-visibility.ts), or null: hidden and unknown alike. */
export async function findTeamBookingPage(teamSlug: string, slug: string): Promise<TBookingPage | null> {
  const row = await db.eventType.findFirst({
    where: { slug, ...teamEventTypesOnPublicPage(teamSlug) },
    select: { ...EVENT_SELECT, team: { select: { name: true, slug: true } } },
  });
  if (!row?.team) return null;
  const { team, ...event } = row;
  return toPage(event, { name: team.name, teamSlug: team.slug });
}

/** A visible event type `slug` of team `teamSlug` of organization `orgSlug`, or null: hidden, unknown and another organization's alike. */
export async function findOrgTeamBookingPage(orgSlug: string, teamSlug: string, slug: string): Promise<TBookingPage | null> {
  const row = await db.eventType.findFirst({
    where: { slug, ...orgTeamEventTypesOnPublicPage(orgSlug, teamSlug) },
    select: { ...EVENT_SELECT, team: { select: { name: true, slug: true, parent: { select: { slug: true } } } } },
  });
  const organization = row?.team?.parent;
  if (!row?.team || !organization) return null;
  const { team, ...event } = row;
  return toPage(event, { name: team.name, teamSlug: team.slug, organizationSlug: organization.slug });
}

/** seatsLeft: a seated event type that shows the count, by slot start. */
export type TBookingPageDay = { date: string; slots: string[]; seatsLeft?: Record<string, number> };

/** DAYS_SHOWN local days from today (+ whole weeks) in the visitor's zone, empty days included, so the grid keeps its shape. */
export async function listBookingPageDays(input: TBookingPageSlotsInput, now = new Date()) {
  const firstDay = addDays(localDateOf(input.timeZone, now), 7 * input.weekOffset);
  const dates = Array.from({ length: DAYS_SHOWN }, (_, index) => addDays(firstDay, index));
  const { slots } = await getAvailableSlots(
    {
      eventTypeId: input.eventTypeId,
      username: input.username,
      teamSlug: input.teamSlug,
      organizationSlug: input.organizationSlug,
      timeZone: input.timeZone,
      startTime: startOfLocalDay(input.timeZone, firstDay),
      endTime: startOfLocalDay(input.timeZone, addDays(firstDay, DAYS_SHOWN)),
      privateLink: input.privateLink,
    },
    { now, teamMemberIds: await hostsChosenByResponse(input.routingFormResponseId) },
  );
  const days: TBookingPageDay[] = dates.map((date) => {
    const day = slots[date] ?? [];
    const seated = day.filter((slot) => slot.seatsLeft !== undefined);
    return {
      date,
      slots: day.map(({ time }) => time),
      ...(seated.length ? { seatsLeft: Object.fromEntries(seated.map((slot) => [slot.time, slot.seatsLeft!])) } : {}),
    };
  });
  return { days, hasEarlierWeeks: input.weekOffset > 0 };
}

export const SLOT_TAKEN_MESSAGE = "Someone has just booked this time. Please choose another one from the updated list.";

/** What the visitor is shown after booking: no host e-mail addresses, no metadata. */
function toConfirmation(booking: TBookingOutput) {
  const attendee = booking.attendees[0]!;
  return {
    uid: booking.uid,
    title: booking.title,
    start: booking.start,
    end: booking.end,
    isPending: booking.status === "pending",
    hostNames: booking.hosts.map((host) => host.name),
    /** Where it takes place, as the booking stores it ("" for nowhere): a place kept from bookers until now is theirs to see. */
    location: booking.location,
    attendee: { name: attendee.name, email: attendee.email },
    guests: booking.guests,
  };
}
/** With the booker's manage token (shown once) for the booking's own page. */
export type TBookingConfirmation = ReturnType<typeof toConfirmation> & { manageToken: string | null };

/**
 * Books through createBooking exactly as POST /v2/bookings does for a caller without a token. Its only
 * CONFLICT is a slot taken meanwhile; its message points API clients at /v2/slots/available, which
 * means nothing to a visitor, so the page gets its own words.
 */
/** A series names the occurrence that does not fit (under-lock.ts: bookSeries): the visitor needs that date. */
function seriesRefusal(message: string): string | null {
  const occurrence = /^(Occurrence \d+ of the series \([^)]*\) is not available)/.exec(message)?.[1];
  return occurrence ? `${occurrence}, so nothing was booked. Choose another time.` : null;
}

export async function bookFromPage(input: TCreateBookingInput, clientAddress: string): Promise<TBookingConfirmation> {
  try {
    const { booking, seatUid } = await createBooking(null, input, { idempotencyKey: null, clientAddress });
    // The booker just made it: their manage token, shown once, opens the booking's page (/booking/{uid}) right away;
    // a seat's holder gets their seat's token, never the whole booking's.
    const manageToken = seatUid ? await manageTokenOfSeat(booking.uid, seatUid) : await manageTokenOfBooking(booking.uid);
    return { ...toConfirmation(booking), manageToken };
  } catch (error) {
    if (isAppError(error) && error.code === "CONFLICT") throw new AppError("CONFLICT", seriesRefusal(error.message) ?? SLOT_TAKEN_MESSAGE);
    throw error;
  }
}
