import { ScopeList } from "./scope-list";
import type { TOAuthClient } from "./types";

type Props = { client: Pick<TOAuthClient, "name" | "websiteUrl" | "redirectUris" | "scopes" | "purpose"> };

/** The registered facts of a client, as its owner and the reviewing admin both read them. */
export function ClientDetails({ client }: Props) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="font-medium text-slate-700">Website</dt>
      <dd>
        <a href={client.websiteUrl} target="_blank" rel="noopener noreferrer" className="break-all text-indigo-700 underline">
          {client.websiteUrl}
        </a>
      </dd>
      <dt className="font-medium text-slate-700">Redirect URIs</dt>
      <dd>
        <ul aria-label={`Redirect URIs of ${client.name}`} className="space-y-1">
          {client.redirectUris.map((uri) => (
            <li key={uri}>
              <code className="break-all font-mono text-xs">{uri}</code>
            </li>
          ))}
        </ul>
      </dd>
      <dt className="font-medium text-slate-700">Scopes</dt>
      <dd>
        <ScopeList scopes={client.scopes} label={`Scopes of ${client.name}`} />
      </dd>
      <dt className="font-medium text-slate-700">Purpose</dt>
      <dd className="whitespace-pre-line text-slate-800">{client.purpose}</dd>
    </dl>
  );
}
