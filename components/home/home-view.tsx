/** `/` signed in: what is next, the event types to share, and what is not set up yet, each a link to its fix. */
import Link from "next/link";
import type { THome } from "@/server/home/home.service";
import { FOCUS_RING } from "../ui/button";
import { TextLink } from "../ui/text-link";
import { CopyLinkButton } from "./copy-link-button";

type TBooking = THome["upcoming"]["items"][number];

function whenText(booking: TBooking, timeZone: string) {
  const day = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone }).format(new Date(booking.start));
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone });
  return `${day}, ${time.format(new Date(booking.start))}–${time.format(new Date(booking.end))}`;
}

function BookingItems({ bookings, timeZone }: { bookings: TBooking[]; timeZone: string }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
      {bookings.map((booking) => (
        <li key={booking.uid} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
          <span className="min-w-0 font-medium break-words">{booking.title}</span>
          <span className="text-sm text-slate-600">
            {whenText(booking, timeZone)}
            {booking.attendees[0] ? ` · ${booking.attendees[0].name}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Section({ id, title, children, more }: { id: string; title: string; children: React.ReactNode; more?: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  );
}

export function HomeView({ home }: { home: THome }) {
  return (
    <div className="space-y-10">
      <h1 className="text-2xl font-semibold break-words">Welcome, {home.name}</h1>
      {home.gaps.length > 0 && (
        <Section id="setup" title="Not set up yet">
          <ul className="space-y-2">
            {home.gaps.map((gap) => (
              <li
                key={gap.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
              >
                <span className="min-w-0 break-words">{gap.text}</span>
                <Link href={gap.href} className={`shrink-0 rounded-sm font-medium underline underline-offset-2 ${FOCUS_RING}`}>
                  {gap.linkText}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {home.unconfirmed.total > 0 && (
        <Section
          id="unconfirmed"
          title={`Waiting for your confirmation (${home.unconfirmed.total})`}
          more={<TextLink href="/bookings/unconfirmed">Confirm or decline</TextLink>}
        >
          <BookingItems bookings={home.unconfirmed.items} timeZone={home.timeZone} />
        </Section>
      )}
      <Section id="upcoming" title="Upcoming" more={<TextLink href="/bookings/upcoming">All bookings</TextLink>}>
        {home.upcoming.items.length > 0 ? (
          <BookingItems bookings={home.upcoming.items} timeZone={home.timeZone} />
        ) : (
          <p className="text-sm text-slate-600">No upcoming bookings. Share one of your links below to get booked.</p>
        )}
      </Section>
      <Section id="event-types" title="Your event types" more={<TextLink href="/event-types">Manage event types</TextLink>}>
        {home.eventTypes.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
            {home.eventTypes.map((eventType) => {
              const url = `${home.publicBase}${eventType.slug}`;
              return (
                <li key={eventType.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <TextLink href={`/event-types/${eventType.id}`} className="break-words">
                      {eventType.title}
                    </TextLink>
                    <p className="text-sm text-slate-600">
                      {eventType.lengthInMinutes} min{eventType.hidden ? " · Hidden" : ""}
                    </p>
                    <p className="truncate text-xs text-slate-600" title={url}>
                      {url}
                    </p>
                  </div>
                  <CopyLinkButton url={url} label={`Copy link to ${eventType.title}`} />
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">
            No event types yet. <TextLink href="/event-types">Create your first one</TextLink>.
          </p>
        )}
      </Section>
    </div>
  );
}
