"use client";
/** Every organization of the instance, for its admins. */
import { useQuery } from "@tanstack/react-query";
import { isForbidden } from "../admin-oauth/types";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { TableHead } from "../ui/table-head";
import { TableFrame } from "../ui/table-frame";

const CELL = "px-4 py-3 text-left";

export function OrganizationTable() {
  const trpc = useTRPC();
  const organizations = useQuery(trpc.organizations.adminList.queryOptions());
  if (organizations.isPending) return <p className="text-sm text-slate-600">Loading organizations…</p>;
  if (organizations.isError) {
    return (
      <Alert>{isForbidden(organizations.error) ? "You need administrator rights to see the organizations." : describeError(organizations.error).message}</Alert>
    );
  }
  if (organizations.data.length === 0) return <p className="text-sm text-slate-600">No organization yet.</p>;
  return (
    <TableFrame label="Table of organizations">
      <table className="w-full text-sm">
        <caption className="sr-only">Organizations</caption>
        <TableHead headings={["Name", "Slug", "Members", "Teams"]} cellClassName={CELL} />
        <tbody>
          {organizations.data.map((org) => (
            <tr key={org.id} className="border-t border-slate-200" data-testid="organization-row">
              <th scope="row" className={`${CELL} font-medium`}>
                {org.name}
              </th>
              <td className={`${CELL} font-mono`}>{org.slug}</td>
              <td className={CELL}>{org._count.memberships}</td>
              <td className={CELL}>{org._count.teams}</td>
              <td className={CELL} />
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
