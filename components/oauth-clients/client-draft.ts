/** Pure helpers between the client form's values and the procedures' inputs. */
import { isScope } from "@/server/auth/scopes";
import type { FieldErrors } from "../trpc/errors";
import type { TOAuthClient } from "./types";

/** The edit form's values as its schema hands them over (trimmed; an empty logo is null). */
export type TClientDraft = {
  name?: string;
  logoUrl?: string | null;
  websiteUrl?: string;
  redirectUris?: string[];
  scopes?: string[];
  purpose?: string;
};

/** Blank rows are dropped before validating, so error paths (`redirectUris.2`) match the rows shown. */
export const compactUris = (rows: readonly string[]) => rows.map((row) => row.trim()).filter(Boolean);

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);
const sorted = (values: readonly string[]) => [...values].sort();

/**
 * Only what the owner changed is sent: untouched fields never trigger a re-review, and a legacy client's
 * old scope values (which have no checkbox) stay until the owner picks explicit scopes.
 */
export function changedFields(client: TOAuthClient, draft: TClientDraft): TClientDraft {
  const changes: TClientDraft = {};
  if (draft.name !== undefined && draft.name !== client.name) changes.name = draft.name;
  if (draft.logoUrl !== undefined && (draft.logoUrl || null) !== client.logoUrl) changes.logoUrl = draft.logoUrl;
  if (draft.websiteUrl !== undefined && draft.websiteUrl !== client.websiteUrl) changes.websiteUrl = draft.websiteUrl;
  if (draft.purpose !== undefined && draft.purpose !== client.purpose) changes.purpose = draft.purpose;
  if (draft.redirectUris && !sameList(draft.redirectUris, client.redirectUris)) changes.redirectUris = draft.redirectUris;
  if (draft.scopes && !sameList(sorted(draft.scopes), sorted(client.scopes.filter(isScope)))) changes.scopes = draft.scopes;
  return changes;
}

/** Field errors that no control shows (e.g. an unexpected path) still reach the summary alert. */
export const FORM_FIELDS = ["name", "logoUrl", "websiteUrl", "redirectUris", "scopes", "purpose", "type"];

export function unplacedErrors(fields: FieldErrors): string[] {
  return Object.entries(fields)
    .filter(([path]) => !FORM_FIELDS.includes(path.split(".")[0] ?? ""))
    .map(([, message]) => message);
}
