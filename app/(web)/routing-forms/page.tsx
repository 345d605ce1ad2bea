import type { Metadata } from "next";
import { RoutingFormsManager } from "@/components/routing-forms/routing-forms-manager";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Routing forms" };

export default async function RoutingFormsPage() {
  await requireSessionUser("/routing-forms");
  return (
    <>
      <h1 className="text-2xl font-semibold">Routing forms</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        A few questions whose answers send each visitor to the right event type, another site, or a message. Team routing forms are managed through the API (
        <code className="font-mono">/v2/teams/&#123;teamId&#125;/routing-forms</code>).
      </p>
      <div className="mt-8">
        <RoutingFormsManager />
      </div>
    </>
  );
}
