/**
 * The signed-in site's frame: the header (Convene, primary navigation, theme, the account menu) and one <main>.
 * Used by the layouts of /availability, /event-types, /bookings and /settings; the pages inside require the
 * session themselves (each knows its own URL to come back to after log-in). Signed out, the header shows log-in.
 */
import type { ReactNode } from "react";
import { sessionActor } from "@/server/auth/actor";
import { getSessionUser } from "@/server/auth/session";
import { getMe } from "@/server/me/me.service";
import { TextLink } from "../ui/text-link";
import { PrimaryNav } from "./primary-nav";
import { ThemeMenu } from "./theme-menu";
import { UserMenu } from "./user-menu";

export async function AppShell({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  const me = user ? await getMe(sessionActor(user.id)).catch(() => null) : null;
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <TextLink href="/" className="text-lg text-slate-900">
            Convene
          </TextLink>
          <div className="order-last w-full min-w-0 md:order-none md:w-auto md:flex-1">{me && <PrimaryNav />}</div>
          <div className="ml-auto flex items-center gap-1">
            <ThemeMenu />
            {me ? <UserMenu name={me.name} email={me.email} username={me.username} /> : <TextLink href="/auth/login">Log in</TextLink>}
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
    </div>
  );
}
