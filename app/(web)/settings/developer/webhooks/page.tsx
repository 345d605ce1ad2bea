import type { Metadata } from "next";
import { TextLink } from "@/components/ui/text-link";
import { WebhooksManager } from "@/components/webhooks/webhooks-manager";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  await requireSessionUser("/settings/developer/webhooks");
  return (
    <>
      <h1 className="text-2xl font-semibold">Webhooks</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        Convene POSTs each subscribed event to your URL, signed as <TextLink href="https://www.standardwebhooks.com">Standard Webhooks</TextLink> (
        <code className="rounded bg-slate-100 px-1 font-mono">webhook-id</code>, <code className="rounded bg-slate-100 px-1 font-mono">webhook-timestamp</code>,{" "}
        <code className="rounded bg-slate-100 px-1 font-mono">webhook-signature</code>). Failed deliveries are retried for three days; the order of deliveries
        is not guaranteed.
      </p>
      <div className="mt-8">
        <WebhooksManager />
      </div>
    </>
  );
}
