"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { FOCUS_RING } from "../ui/button";

/** The signed-in site's sections. Settings holds the account pages, Developer (API keys, OAuth, webhooks) and admin. */
export const PRIMARY_SECTIONS = [
  { href: "/event-types", label: "Event types", matches: ["/event-types"] },
  { href: "/bookings", label: "Bookings", matches: ["/bookings"] },
  { href: "/availability", label: "Availability", matches: ["/availability"] },
  { href: "/workflows", label: "Workflows", matches: ["/workflows"] },
  { href: "/routing-forms", label: "Routing forms", matches: ["/routing-forms"] },
  { href: "/settings/teams", label: "Teams", matches: ["/settings/teams"] },
  { href: "/settings/profile", label: "Settings", matches: ["/settings"] },
] as const;

function currentSection(pathname: string) {
  const isUnder = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  // The longest match wins: /settings/teams is Teams, not Settings.
  return [...PRIMARY_SECTIONS]
    .flatMap((section) => section.matches.map((prefix) => ({ section, prefix })))
    .filter(({ prefix }) => isUnder(prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0]?.section.href;
}

export function PrimaryNav() {
  const current = currentSection(usePathname());
  return (
    // Wrapping, not scrolling: at 390 px a scrolled row hid "Settings" past the edge.
    <nav aria-label="Primary" className="-mx-2">
      <ul className="flex flex-wrap gap-1 px-2">
        {PRIMARY_SECTIONS.map((section) => {
          const isCurrent = section.href === current;
          return (
            <li key={section.href} className="shrink-0">
              <Link
                href={section.href}
                aria-current={isCurrent ? "page" : undefined}
                className={`block rounded-md px-2.5 py-2 text-sm sm:px-3 ${FOCUS_RING} ${isCurrent ? "bg-indigo-50 font-medium text-indigo-800" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
