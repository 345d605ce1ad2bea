import type { Metadata } from "next";
import { CreateOrganizationForm } from "@/components/organizations/create-organization-form";
import { OrganizationRequestQueue } from "@/components/organizations/organization-request-queue";
import { OrganizationTable } from "@/components/organizations/organization-table";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Organizations" };

/** The role is enforced by the use cases (read from the database), so each part says when access is refused. */
export default async function AdminOrganizationsPage() {
  await requireSessionUser("/settings/admin/organizations");
  return (
    <>
      <h1 className="text-2xl font-semibold">Organizations</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        Create an organization and name its first owner, or review what users asked for. Requesters are told by e-mail either way.
      </p>
      <div className="mt-8 space-y-10">
        <CreateOrganizationForm />
        <OrganizationRequestQueue />
        <section aria-labelledby="all-orgs-heading">
          <h2 id="all-orgs-heading" className="mb-3 text-lg font-semibold">
            All organizations
          </h2>
          <OrganizationTable />
        </section>
      </div>
    </>
  );
}
