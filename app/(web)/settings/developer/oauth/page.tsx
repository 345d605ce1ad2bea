import type { Metadata } from "next";
import { OAuthClientsManager } from "@/components/oauth-clients/oauth-clients-manager";
import { TextLink } from "@/components/ui/text-link";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "OAuth clients" };

export default async function OAuthClientsPage() {
  await requireSessionUser("/settings/developer/oauth");
  return (
    <>
      <h1 className="text-2xl font-semibold">OAuth clients</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        Register an app that acts for Convene users with their consent. A new client waits for an administrator&apos;s review before users can authorize it. The{" "}
        <TextLink href="/docs/authentication-and-oauth">OAuth guide</TextLink> explains the flow.
      </p>
      <div className="mt-8">
        <OAuthClientsManager />
      </div>
    </>
  );
}
