import type { Metadata } from "next";
import { ApiKeysManager } from "@/components/api-keys/api-keys-manager";
import { TextLink } from "@/components/ui/text-link";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  await requireSessionUser("/settings/developer/api-keys");
  return (
    <>
      <h1 className="text-2xl font-semibold">API keys</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        An API key acts with your full rights on the <TextLink href="/docs/api">Convene API</TextLink>. Send it as{" "}
        <code className="rounded bg-slate-100 px-1 font-mono">Authorization: Bearer &lt;key&gt;</code>. Revoke a key as soon as you no longer need it.
      </p>
      <div className="mt-8">
        <ApiKeysManager />
      </div>
    </>
  );
}
