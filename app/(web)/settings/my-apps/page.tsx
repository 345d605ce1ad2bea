import type { Metadata } from "next";
import { AuthorizedApps } from "@/components/my-apps/authorized-apps";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Authorized apps" };

export default async function AuthorizedAppsPage() {
  await requireSessionUser("/settings/my-apps");
  return (
    <>
      <h1 className="text-2xl font-semibold">Authorized apps</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        Apps you allowed to act on your Convene account. Revoking an app&apos;s access stops it at once; it has to ask you again to get back in.
      </p>
      <div className="mt-8">
        <AuthorizedApps />
      </div>
    </>
  );
}
