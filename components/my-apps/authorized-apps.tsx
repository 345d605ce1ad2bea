"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { AuthorizedAppCard } from "./authorized-app-card";
import { RevokeAppDialog } from "./revoke-app-dialog";
import type { TAuthorizedApp } from "./types";

export function AuthorizedApps() {
  const trpc = useTRPC();
  const apps = useQuery(trpc.authorizedApps.list.queryOptions());
  const [toRevoke, setToRevoke] = useState<TAuthorizedApp | null>(null);

  // The dialog stays mounted while the list changes under it (revoking the last app empties the list).
  return (
    <>
      {apps.isPending ? (
        <p className="text-sm text-slate-600">Loading your authorized apps…</p>
      ) : apps.isError ? (
        <Alert>{describeError(apps.error).message}</Alert>
      ) : apps.data.length === 0 ? (
        <p className="text-sm text-slate-600">You have not authorized any apps.</p>
      ) : (
        <div className="space-y-4">
          {apps.data.map((app) => (
            <AuthorizedAppCard key={app.id} app={app} onRevoke={() => setToRevoke(app)} />
          ))}
        </div>
      )}
      <RevokeAppDialog app={toRevoke} onClose={() => setToRevoke(null)} />
    </>
  );
}
