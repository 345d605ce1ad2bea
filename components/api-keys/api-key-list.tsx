"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { formatDate, formatDateTime } from "../ui/format";
import { RevokeApiKeyDialog } from "./revoke-api-key-dialog";
import { RefreshApiKeyDialog } from "./refresh-api-key-dialog";
import type { TApiKeyListing, TCreatedApiKey } from "./types";
import { TableHead } from "../ui/table-head";
import { TableFrame } from "../ui/table-frame";

const CELL = "px-4 py-3 text-left";

type RowActions = { onRevoke: () => void; onRefresh: () => void };

function Row({ apiKey, onRevoke, onRefresh }: { apiKey: TApiKeyListing } & RowActions) {
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className={`${CELL} font-medium`}>
        {apiKey.name}
      </th>
      <td className={`${CELL} font-mono`}>…{apiKey.hint}</td>
      <td className={CELL}>{formatDate(apiKey.createdAt)}</td>
      <td className={CELL}>{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : "Never"}</td>
      <td className={CELL}>{apiKey.expiresAt ? formatDate(apiKey.expiresAt) : "Never"}</td>
      <td className={`${CELL} space-x-2 text-right whitespace-nowrap`}>
        <Button variant="secondary" onClick={onRefresh}>
          Refresh<span className="sr-only"> {apiKey.name}</span>
        </Button>
        <Button variant="secondary" onClick={onRevoke}>
          Revoke<span className="sr-only"> {apiKey.name}</span>
        </Button>
      </td>
    </tr>
  );
}

/** `onRefreshed` gets the new key, which the page shows once (ApiKeysManager). */
export function ApiKeyList({ onRefreshed }: { onRefreshed: (created: TCreatedApiKey) => void }) {
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [toRevoke, setToRevoke] = useState<TApiKeyListing | null>(null);
  const [toRefresh, setToRefresh] = useState<TApiKeyListing | null>(null);

  // The dialog stays mounted while the list changes under it (revoking the last key empties the table).
  return (
    <>
      <KeyTable keys={keys} onRevoke={setToRevoke} onRefresh={setToRefresh} />
      <RevokeApiKeyDialog apiKey={toRevoke} onClose={() => setToRevoke(null)} />
      {toRefresh && <RefreshApiKeyDialog apiKey={toRefresh} onRefreshed={onRefreshed} onClose={() => setToRefresh(null)} />}
    </>
  );
}

type KeysQuery = { isPending: boolean; isError: boolean; error: unknown; data: TApiKeyListing[] | undefined };

function KeyTable({ keys, onRevoke, onRefresh }: { keys: KeysQuery; onRevoke: (apiKey: TApiKeyListing) => void; onRefresh: (apiKey: TApiKeyListing) => void }) {
  if (keys.isPending) return <p className="text-sm text-slate-600">Loading your API keys…</p>;
  if (keys.isError || !keys.data) return <Alert>{describeError(keys.error).message}</Alert>;
  if (keys.data.length === 0) return <p className="text-sm text-slate-600">You have no API keys yet.</p>;
  return (
    <TableFrame label="Table of your API keys">
      <table className="w-full text-sm">
        <caption className="sr-only">Your API keys</caption>
        <TableHead headings={["Name", "Key", "Created", "Last used", "Expires"]} cellClassName={CELL} />
        <tbody>
          {keys.data.map((apiKey) => (
            <Row key={apiKey.id} apiKey={apiKey} onRevoke={() => onRevoke(apiKey)} onRefresh={() => onRefresh(apiKey)} />
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
