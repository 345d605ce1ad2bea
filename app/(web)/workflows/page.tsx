import type { Metadata } from "next";
import { WorkflowsManager } from "@/components/workflows/workflows-manager";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Workflows" };

export default async function WorkflowsPage() {
  await requireSessionUser("/workflows");
  return (
    <>
      <h1 className="text-2xl font-semibold">Workflows</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        Reminders and follow-ups Convene sends around your bookings, by e-mail or SMS, each in its reader&apos;s time zone. Team workflows are managed through
        the API (<code className="font-mono">/v2/teams/&#123;teamId&#125;/workflows</code>).
      </p>
      <div className="mt-8">
        <WorkflowsManager />
      </div>
    </>
  );
}
