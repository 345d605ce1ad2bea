import type { ReactNode } from "react";
import { SettingsHeader } from "@/components/settings/settings-header";
import { SettingsNav } from "@/components/settings/settings-nav";
import { getSessionUser } from "@/server/auth/session";

/** Chrome only: each page requires the session itself, since only the page knows its URL to come back to. */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  return (
    <div className="min-h-screen">
      <SettingsHeader user={user} />
      <div className="mx-auto flex max-w-5xl flex-col gap-8 px-6 py-8 sm:flex-row">
        <SettingsNav isAdmin={user?.role === "ADMIN"} />
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </div>
  );
}
