import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { SettingsNav } from "@/components/settings/settings-nav";
import { getSessionUser } from "@/server/auth/session";
import { db } from "@/server/db/client";

/**
 * Chrome only: each page requires the session itself, since only the page knows its URL to come back to. The role
 * is read from the database, not the session's copy, so `admin:grant` shows the admin pages without logging in again.
 */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  const role = user ? (await db.user.findUnique({ where: { id: user.id }, select: { role: true } }))?.role : null;
  return (
    <AppShell>
      <div className="flex flex-col gap-4 md:flex-row md:gap-8">
        <SettingsNav isAdmin={role === "ADMIN"} />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </AppShell>
  );
}
