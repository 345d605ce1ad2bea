import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { SettingsNav } from "@/components/settings/settings-nav";
import { getSessionUser } from "@/server/auth/session";

/** Chrome only: each page requires the session itself, since only the page knows its URL to come back to. */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  return (
    <AppShell>
      <div className="flex flex-col gap-8 md:flex-row">
        <SettingsNav isAdmin={user?.role === "ADMIN"} />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </AppShell>
  );
}
