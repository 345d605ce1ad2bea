import type { Metadata } from "next";
import { AgentPolicyForm } from "@/components/admin-oauth/agent-policy-form";
import { ReviewQueue } from "@/components/admin-oauth/review-queue";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "OAuth review" };

/** The role is enforced by the procedures (read from the database), so the queue itself says when access is refused. */
export default async function OAuthReviewPage() {
  await requireSessionUser("/settings/admin/oauth");
  return (
    <>
      <h1 className="text-2xl font-semibold">OAuth review</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        Accept a client once its name, website, redirect URIs, scopes and purpose make sense together; reject it with a reason the owner can act on. The owner
        is told by e-mail either way.
      </p>
      <div className="mt-8">
        <AgentPolicyForm />
      </div>
      <div className="mt-8">
        <ReviewQueue />
      </div>
    </>
  );
}
