"use client";
/** "Add to calendar": the links the API builds for the booking (Google, Outlook, Office 365, and its .ics file). */
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";

export function AddToCalendar({ uid }: { uid: string }) {
  const trpc = useTRPC();
  const links = useQuery(trpc.bookings.calendarLinks.queryOptions({ bookingUid: uid }));
  if (!links.data) return null;
  return (
    <section aria-labelledby="add-to-calendar-heading" className="mt-6">
      <h3 id="add-to-calendar-heading" className="text-sm font-semibold">
        Add to calendar
      </h3>
      <ul className="mt-2 flex flex-wrap gap-3 text-sm">
        {links.data.map((link) => (
          <li key={link.label}>
            <a
              href={link.link}
              target={link.label === "ICS" ? undefined : "_blank"}
              rel="noreferrer"
              className="rounded-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {link.label === "ICS" ? "Download .ics" : link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
