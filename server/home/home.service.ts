/**
 * The signed-in home (/): what is next (upcoming bookings, those waiting for the user's confirmation), the user's
 * event types with their links, and what is not set up yet, each with where it is fixed. Reads only, through the
 * same use cases the lists use, so the home never shows a row the list would not.
 */
import type { Actor } from "../auth/actor";
import { ZListBookingsQuery } from "../bookings/booking-list-query";
import { listBookings } from "../bookings/booking-reads";
import { calendarCredentialsOf } from "../calendars/calendar-access";
import { db } from "../db/client";
import { env } from "../env";
import { listEventTypes } from "../event-types/event-type.service";
import { getMe } from "../me/me.service";
import { getOnboardingProgress } from "../onboarding/onboarding.service";
import { unbookableReasons } from "../teams/host-bookability";

const SHOWN = 5;

function bookingsOf(actor: Actor, status: "upcoming" | "unconfirmed") {
  return listBookings(actor, ZListBookingsQuery.parse({ status, sortStart: "asc", take: String(SHOWN) }));
}

export type TSetupGap = { id: string; text: string; href: string; linkText: string };

export async function getHome(actor: Actor) {
  const [me, progress, upcoming, unconfirmed, eventTypes, calendars, reasons] = await Promise.all([
    getMe(actor),
    getOnboardingProgress(actor),
    bookingsOf(actor, "upcoming"),
    bookingsOf(actor, "unconfirmed"),
    listEventTypes(actor, { take: 100, skip: 0 }),
    db.credential.count({ where: calendarCredentialsOf(actor) }),
    unbookableReasons([actor.userId]),
  ]);
  const publicBase = `${env().APP_URL.replace(/\/$/, "")}/${me.username}/`;
  const gaps: TSetupGap[] = [];
  if (progress.step !== "COMPLETE")
    gaps.push({ id: "onboarding", text: "Your account is not fully set up yet.", href: "/onboarding", linkText: "Finish setting up" });
  const unbookable = reasons.get(actor.userId);
  if (unbookable?.kind === "noSchedule")
    gaps.push({ id: "schedule", text: "You have no working hours yet, so nobody can book you.", href: "/availability", linkText: "Set your hours" });
  if (unbookable?.kind === "noHours")
    gaps.push({
      id: "schedule",
      text: `Your schedule “${unbookable.scheduleName}” has no working hours, so nobody can book you.`,
      href: "/availability",
      linkText: "Add working hours",
    });
  if (unbookable?.kind === "outOfOffice")
    gaps.push({ id: "ooo", text: "You are out of office for a long while, so nobody can book you.", href: "/availability", linkText: "Review out of office" });
  if (calendars === 0)
    gaps.push({
      id: "calendar",
      text: "No calendar is connected: bookings may overlap your other meetings.",
      href: "/settings/calendars",
      linkText: "Connect a calendar",
    });
  if (eventTypes.totalItems === 0)
    gaps.push({ id: "event-type", text: "You have no event types yet: there is nothing to book.", href: "/event-types", linkText: "Create an event type" });
  for (const eventType of eventTypes.items.filter((item) => item.locations.length === 0))
    gaps.push({
      id: `location-${eventType.id}`,
      text: `“${eventType.title}” has no location: its bookings get no meeting link or address.`,
      href: `/event-types/${eventType.id}`,
      linkText: "Add a location",
    });
  return {
    name: me.name,
    timeZone: me.timeZone,
    publicBase,
    upcoming: { items: upcoming.items, total: upcoming.totalItems },
    unconfirmed: { items: unconfirmed.items, total: unconfirmed.totalItems },
    eventTypes: eventTypes.items.map(({ id, title, slug, lengthInMinutes, hidden }) => ({ id, title, slug, lengthInMinutes, hidden })),
    gaps,
  };
}

export type THome = Awaited<ReturnType<typeof getHome>>;
