import type { Metadata } from "next";
import { RequestOrganizationForm } from "@/components/organizations/request-organization-form";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Ask for an organization" };

export default async function NewOrganizationPage() {
  await requireSessionUser("/settings/organizations/new");
  return (
    <>
      <h1 className="text-2xl font-semibold">Ask for an organization</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        An administrator of this Convene reviews each request. Once accepted, the organization exists and you are its owner; you are told by e-mail either way.
      </p>
      <div className="mt-8">
        <RequestOrganizationForm />
      </div>
    </>
  );
}
