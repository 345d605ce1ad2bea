"use client";
/**
 * The booking page's prefill from its query string, as the peer's booking page takes it: `name`, `email`, and each
 * question by its slug (a list repeated), so a routing form (server/routing-forms) carries its answers into the
 * booking; `routingFormResponseId` names the form's response, which the booking then records.
 */
import { useSearchParams } from "next/navigation";
import type { TPageField } from "./types";

const LISTS = new Set(["multiselect", "checkbox"]);

export function usePrefill(fields: readonly TPageField[]) {
  const query = useSearchParams();
  const responses: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.isDefault && field.slug !== "title" && field.slug !== "notes") continue;
    const values = query.getAll(field.slug).filter(Boolean);
    if (values.length) responses[field.slug] = LISTS.has(field.type) ? values : values[0];
  }
  return { name: query.get("name") ?? "", email: query.get("email") ?? "", responses };
}

/** The routing form response this booking follows, if the page was reached from one. */
export function useRoutingResponseId(): number | undefined {
  const value = useSearchParams().get("routingFormResponseId");
  return value && /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : undefined;
}
