import { useId } from "react";
import { formatDate } from "../ui/format";
import { AppCardHeader } from "../oauth-clients/app-card-header";
import { ScopeList } from "../oauth-clients/scope-list";
import { Button } from "../ui/button";
import type { TAuthorizedApp } from "./types";

export function AuthorizedAppCard({ app, onRevoke }: { app: TAuthorizedApp; onRevoke: () => void }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <AppCardHeader
        app={app}
        headingId={headingId}
        headingLevel={2}
        subtitle={
          <span>
            <a href={app.websiteUrl} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline">
              {new URL(app.websiteUrl).host}
            </a>
            {" · "}authorized <time dateTime={app.authorizedAt}>{formatDate(app.authorizedAt)}</time>
            {" · "}
            {app.lastUsedAt ? (
              <>
                last used <time dateTime={app.lastUsedAt}>{formatDate(app.lastUsedAt)}</time>
              </>
            ) : (
              "not used yet"
            )}
            {app.isAgent ? <span className="ml-2 rounded bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800">AI agent</span> : null}
            <span className="mt-1 block text-xs break-all text-slate-600">Client ID: {app.id}</span>
          </span>
        }
        actions={
          <Button variant="danger" onClick={onRevoke}>
            Revoke access<span className="sr-only"> for {app.name}</span>
          </Button>
        }
      />
      <h3 className="mt-4 text-sm font-medium text-slate-700">It can</h3>
      <div className="mt-1">
        <ScopeList scopes={app.scopes} label={`Permissions of ${app.name}`} />
      </div>
    </article>
  );
}
