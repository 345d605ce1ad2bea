"use client";
import { get, useFormContext, useWatch } from "react-hook-form";
import { MAX_REDIRECT_URIS } from "@/server/oauth/oauth-client.schemas";
import { useFieldId } from "../form/form-id";
import { Button } from "../ui/button";
import { CONTROL_CLASSES, FieldFrame } from "../ui/field-frame";

const errorOf = (errors: unknown, path: string) => (get(errors, path) as { message?: string } | undefined)?.message;

/** 1–10 rows, the form's `redirectUris`; each row's error comes from the zod path `redirectUris.<index>`. */
export function RedirectUrisField() {
  const { setValue, formState } = useFormContext();
  const rows = (useWatch({ name: "redirectUris" }) as string[] | undefined) ?? [""];
  const fieldId = useFieldId("redirectUris");
  const change = (next: string[]) => setValue("redirectUris", next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  // The list's own error (none, too many, duplicates): zod puts it on the array, react-hook-form on .root or itself.
  const listError = errorOf(formState.errors, "redirectUris.root") ?? errorOf(formState.errors, "redirectUris");
  return (
    <fieldset aria-describedby={`${fieldId}-hint`} className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Redirect URIs</legend>
      <p id={`${fieldId}-hint`} className="text-xs text-slate-500">
        Where Convene sends users back after they decide. https only (http is allowed for localhost); matched exactly; up to {MAX_REDIRECT_URIS}.
      </p>
      {rows.map((row, index) => {
        const id = `${fieldId}-${index}`;
        return (
          <div key={index} className="flex items-start gap-2">
            <FieldFrame id={id} label={`Redirect URI ${index + 1}`} error={errorOf(formState.errors, `redirectUris.${index}`)} className="flex-1">
              {(aria) => (
                <input
                  id={id}
                  type="url"
                  inputMode="url"
                  placeholder="https://app.example.com/oauth/callback"
                  className={CONTROL_CLASSES}
                  {...aria}
                  value={row}
                  onChange={(event) => change(rows.map((value, at) => (at === index ? event.target.value : value)))}
                />
              )}
            </FieldFrame>
            {rows.length > 1 && (
              <Button variant="secondary" className="mt-6" onClick={() => change(rows.filter((_, at) => at !== index))}>
                Remove<span className="sr-only"> redirect URI {index + 1}</span>
              </Button>
            )}
          </div>
        );
      })}
      {listError && <p className="text-sm text-red-700">{listError}</p>}
      <Button variant="secondary" disabled={rows.length >= MAX_REDIRECT_URIS} onClick={() => change([...rows, ""])}>
        Add redirect URI
      </Button>
    </fieldset>
  );
}
