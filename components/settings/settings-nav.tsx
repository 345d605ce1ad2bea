"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { FOCUS_RING } from "../ui/button";

type NavItem = { href: string; label: string; isAdminOnly?: boolean };

/** One entry per settings page. Admin-only entries are hidden from others; the pages' procedures enforce the role. */
const SECTIONS: { heading: string; items: NavItem[] }[] = [
  {
    heading: "Account",
    items: [
      { href: "/settings/profile", label: "Profile" },
      { href: "/settings/general", label: "General" },
      { href: "/settings/calendars", label: "Calendars" },
      { href: "/settings/security", label: "Security" },
      { href: "/settings/teams", label: "Teams" },
      { href: "/settings/organizations", label: "Organization" },
      { href: "/settings/conferencing", label: "Conferencing" },
      { href: "/settings/my-apps", label: "Authorized apps" },
    ],
  },
  {
    heading: "Developer",
    items: [
      { href: "/settings/developer/api-keys", label: "API keys" },
      { href: "/settings/developer/oauth", label: "OAuth clients" },
      { href: "/settings/developer/webhooks", label: "Webhooks" },
    ],
  },
  {
    heading: "Administration",
    items: [
      { href: "/settings/admin/oauth", label: "OAuth review", isAdminOnly: true },
      { href: "/settings/admin/organizations", label: "Organizations", isAdminOnly: true },
    ],
  },
];

/** A heading whose every entry is hidden is hidden too. */
function visibleSections(isAdmin: boolean) {
  return SECTIONS.map((section) => ({ ...section, items: section.items.filter((item) => isAdmin || !item.isAdminOnly) })).filter(
    (section) => section.items.length > 0,
  );
}

function SectionLists({ isAdmin, pathname }: { isAdmin: boolean; pathname: string }) {
  return visibleSections(isAdmin).map((section) => (
    <div key={section.heading} className="mb-6 last:mb-0 md:last:mb-6">
      <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{section.heading}</h2>
      <ul className="mt-2 space-y-1">
        {section.items.map((item) => {
          const isCurrent = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={isCurrent ? "page" : undefined}
                className={`block rounded-md px-3 py-2 text-sm ${FOCUS_RING} ${isCurrent ? "bg-indigo-50 font-medium text-indigo-800" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  ));
}

/**
 * Beside the page from md up; on a phone the page comes first and the settings pages sit behind one disclosure
 * naming the current one, so 14 links do not push the page below the fold.
 */
export function SettingsNav({ isAdmin }: { isAdmin: boolean }) {
  const pathname = usePathname();
  const current = SECTIONS.flatMap((section) => section.items).find((item) => pathname === item.href || pathname.startsWith(`${item.href}/`));
  return (
    <>
      <details className="w-full rounded-md border border-slate-200 bg-white md:hidden">
        <summary className={`cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-800 ${FOCUS_RING}`}>
          Settings{current ? `: ${current.label}` : ""}
        </summary>
        <nav aria-label="Settings" className="border-t border-slate-200 px-1 py-3">
          <SectionLists isAdmin={isAdmin} pathname={pathname} />
        </nav>
      </details>
      <nav aria-label="Settings" className="hidden w-52 shrink-0 md:block">
        <SectionLists isAdmin={isAdmin} pathname={pathname} />
      </nav>
    </>
  );
}
