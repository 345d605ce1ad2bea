/**
 * The site's bookings pages (/bookings/{upcoming,unconfirmed,past,cancelled}), through the very service functions the
 * /v2/bookings routes call (bookings.routes.ts), with the session's Actor: which rows a list shows is decided by
 * booking-access.ts (the actor's host rows; a team's bookings for its owners and admins), each action by its use case.
 * Bodies travel as `body`, the REST body's own schema, so the service's field paths (`body.reason`) name the form's fields.
 */
import { z } from "zod";
import type { Actor } from "../../auth/actor";
import { addGuests, markAbsent, reassignBooking, updateLocation } from "../../bookings/booking-edits";
import { cancelBooking, confirmBooking, declineBooking, rescheduleBooking } from "../../bookings/booking-lifecycle";
import { ZListBookingsQuery } from "../../bookings/booking-list-query";
import { calendarLinks, getBooking, getOrganizationBooking, listBookings, listOrganizationBookings, listTeamBookings } from "../../bookings/booking-reads";
import { listFactsOf, withListFacts } from "../../bookings/booking-site-facts";
import { getRescheduleTarget, listBookingFilterOptions } from "../../bookings/booking-site-options";
import { managedSeriesOf } from "../../bookings/manage-link-series";
import {
  ZAddGuestsInput,
  ZBookingUidParams,
  ZCancelBookingInput,
  ZDeclineBookingInput,
  ZMarkAbsentInput,
  ZRescheduleBookingInput,
  ZUpdateLocationInput,
} from "../../bookings/booking.schemas";
import { db } from "../../db/client";
import { ZIdField } from "../../http/ids";
import { ZTimestampText } from "../../time/timestamps";
import { ZEmail } from "../../users/user.schemas";
import { protectedProcedure, router } from "../init";

export const BOOKING_TABS = ["upcoming", "unconfirmed", "recurring", "past", "cancelled"] as const;
const PAGE_SIZE = 20;

/** Each tab as the list query's status filter and order: what is coming soonest first, what is over latest first. */
const TAB_QUERY = {
  upcoming: { status: "upcoming", sortStart: "asc" },
  unconfirmed: { status: "unconfirmed", sortStart: "asc" },
  recurring: { status: "recurring", sortStart: "asc" },
  past: { status: "past", sortStart: "desc" },
  cancelled: { status: "cancelled,rejected", sortStart: "desc" },
} as const satisfies Record<(typeof BOOKING_TABS)[number], { status: string; sortStart: "asc" | "desc" }>;

export const ZBookingsListInput = z.object({
  tab: z.enum(BOOKING_TABS),
  /** A team whose bookings to list (its owners and admins); without it, the actor's own. With orgId: one of its teams. */
  teamId: ZIdField.optional(),
  /** An organization whose bookings to list (org.bookings.read), as GET /v2/organizations/{orgId}/bookings does. */
  orgId: ZIdField.optional(),
  eventTypeId: ZIdField.optional(),
  attendeeEmail: ZEmail.optional(),
  afterStart: ZTimestampText().optional(),
  beforeEnd: ZTimestampText().optional(),
  /** pagination.nextCursor of the previous page: keyset pages, whose cost does not grow with depth. */
  cursor: z.string().min(1).max(1000).optional(),
});

async function listTab(actor: Actor, { tab, teamId, orgId, eventTypeId, cursor, ...filters }: z.infer<typeof ZBookingsListInput>) {
  const query = ZListBookingsQuery.parse({
    ...TAB_QUERY[tab],
    ...filters,
    // In an organization's list a team narrows it (the list query's own filter); elsewhere it chooses whose list.
    ...(orgId && teamId ? { teamId: String(teamId) } : {}),
    ...(eventTypeId ? { eventTypeId: String(eventTypeId) } : {}),
    ...(cursor ? { cursor } : {}),
    take: String(PAGE_SIZE),
  });
  const page = orgId
    ? await listOrganizationBookings(actor, orgId, query)
    : teamId
      ? await listTeamBookings(actor, teamId, query)
      : await listBookings(actor, query);
  return { items: await withListFacts(page.items), pagination: page.pagination };
}

/**
 * What the details dialog needs beyond the v2 shape: whether "Reassign" applies (only a round-robin event type's
 * booking can move to another host; the use case refuses the rest), so the dialog does not offer what would fail;
 * an occurrence's series (its place and every date), and a seated booking's seats taken of its capacity.
 */
async function withSiteFacts<T extends { uid: string; start: string; eventTypeId: number | null; recurringBookingUid?: string }>(booking: T) {
  const eventType = booking.eventTypeId ? await db.eventType.findUnique({ where: { id: booking.eventTypeId }, select: { schedulingType: true } }) : null;
  const [facts, series] = await Promise.all([listFactsOf([booking]), managedSeriesOf(booking, false)]);
  return { ...booking, isRoundRobin: eventType?.schedulingType === "ROUND_ROBIN", seats: facts.get(booking.uid)!.seats, series };
}

const ZUid = ZBookingUidParams;
const withBody = <T extends z.ZodType>(body: T) => ZUid.extend({ body });

export const bookingsRouter = router({
  list: protectedProcedure.input(ZBookingsListInput).query(({ ctx, input }) => listTab(ctx.actor, input)),
  filterOptions: protectedProcedure.query(({ ctx }) => listBookingFilterOptions(ctx.actor)),
  // With orgId: the booking as the organization's list shows it (a member's personal booking included), to read.
  get: protectedProcedure
    .input(ZUid.extend({ orgId: z.number().int().positive().optional() }))
    .query(async ({ ctx, input }) =>
      withSiteFacts(await (input.orgId ? getOrganizationBooking(ctx.actor, input.orgId, input.bookingUid) : getBooking(ctx.actor, input.bookingUid))),
    ),
  calendarLinks: protectedProcedure.input(ZUid).query(({ ctx, input }) => calendarLinks(ctx.actor, input.bookingUid)),
  rescheduleTarget: protectedProcedure.input(ZUid).query(({ ctx, input }) => getRescheduleTarget(ctx.actor, input.bookingUid)),
  confirm: protectedProcedure.input(ZUid).mutation(({ ctx, input }) => confirmBooking(ctx.actor, input.bookingUid)),
  decline: protectedProcedure.input(withBody(ZDeclineBookingInput)).mutation(({ ctx, input }) => declineBooking(ctx.actor, input.bookingUid, input.body)),
  // Cancel and reschedule are public by uid on /v2; the site acts only on bookings the actor manages (a 404 otherwise).
  cancel: protectedProcedure.input(withBody(ZCancelBookingInput)).mutation(async ({ ctx, input }) => {
    await getBooking(ctx.actor, input.bookingUid);
    return cancelBooking(ctx.actor, input.bookingUid, input.body);
  }),
  reschedule: protectedProcedure.input(withBody(ZRescheduleBookingInput)).mutation(async ({ ctx, input }) => {
    await getBooking(ctx.actor, input.bookingUid);
    return rescheduleBooking(ctx.actor, input.bookingUid, input.body);
  }),
  addGuests: protectedProcedure.input(withBody(ZAddGuestsInput)).mutation(({ ctx, input }) => addGuests(ctx.actor, input.bookingUid, input.body)),
  updateLocation: protectedProcedure
    .input(withBody(ZUpdateLocationInput))
    .mutation(({ ctx, input }) => updateLocation(ctx.actor, input.bookingUid, input.body)),
  markAbsent: protectedProcedure.input(withBody(ZMarkAbsentInput)).mutation(({ ctx, input }) => markAbsent(ctx.actor, input.bookingUid, input.body)),
  /** To a chosen host (as POST /v2/bookings/{uid}/reassign/{userId}) or, without one, the round robin's pick. */
  reassign: protectedProcedure
    .input(ZUid.extend({ userId: ZIdField.optional() }))
    .mutation(({ ctx, input }) => reassignBooking(ctx.actor, input.bookingUid, input.userId ?? null)),
});
