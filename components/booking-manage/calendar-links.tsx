import type { TManagedBookingView } from "./types";

const LABELS: Record<string, string> = { "Google Calendar": "Google", "Microsoft Outlook": "Outlook", ICS: ".ics file" };

/** Add to Google, Outlook, Apple (the .ics) or any calendar (.ics): only while the booking stands. */
export function CalendarLinks({ links }: { links: NonNullable<TManagedBookingView["calendarLinks"]> }) {
  const ics = links.find((link) => link.label === "ICS")?.link;
  const shown = [
    ...links.filter((link) => LABELS[link.label] && link.label !== "ICS").map((link) => ({ label: LABELS[link.label]!, href: link.link })),
    ...(ics
      ? [
          { label: "Apple", href: ics },
          { label: ".ics file", href: ics },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="calendar-heading">
      <h2 id="calendar-heading" className="text-sm font-semibold">
        Add to calendar
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {shown.map(({ label, href }) => (
          <li key={label}>
            <a
              href={href}
              rel="noreferrer noopener"
              target={href.startsWith("http") && !href.includes("/api/bookings/") ? "_blank" : undefined}
              className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
