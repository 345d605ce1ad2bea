"use client";
/**
 * 1–10 rows of the form kit's `redirectUris` (strings); each row's error comes from the zod path `redirectUris.<index>`.
 * Rows are controlled from the form's values, so adding and removing one keeps the others' text in place.
 */
import { get, useFormContext, useWatch } from "react-hook-form";
import { MAX_REDIRECT_URIS } from "@/server/oauth/oauth-client.schemas";
import { Button } from "../ui/button";
import { CONTROL_CLASSES, FieldFrame } from "../ui/field-frame";

export function RedirectUrisField() {
  const { control, setValue, formState } = useFormContext<{ redirectUris: string[] }>();
  const rows = useWatch({ control, name: "redirectUris" }) ?? [""];
  const errorOf = (path: string) => (get(formState.errors, path) as { message?: string } | undefined)?.message;
  const listError = errorOf("redirectUris")
    ? errorOf("redirectUris")
    : (get(formState.errors, "redirectUris") as { root?: { message?: string } } | undefined)?.root?.message;
  const update = (next: string[]) => setValue("redirectUris", next, { shouldDirty: true });
  return (
    <fieldset aria-describedby="redirect-uris-hint" className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Redirect URIs</legend>
      <p id="redirect-uris-hint" className="text-xs text-slate-500">
        Where Convene sends users back after they decide. https only (http is allowed for localhost); matched exactly; up to {MAX_REDIRECT_URIS}.
      </p>
      {rows.map((row, index) => {
        const id = `field-redirectUris-${index}`;
        return (
          <div key={index} className="flex items-start gap-2">
            <FieldFrame id={id} label={`Redirect URI ${index + 1}`} error={errorOf(`redirectUris.${index}`)} className="flex-1">
              {(aria) => (
                <input
                  id={id}
                  {...aria}
                  type="url"
                  inputMode="url"
                  placeholder="https://app.example.com/oauth/callback"
                  className={CONTROL_CLASSES}
                  value={row}
                  onChange={(event) => update(rows.map((value, at) => (at === index ? event.target.value : value)))}
                />
              )}
            </FieldFrame>
            {rows.length > 1 && (
              <Button variant="secondary" className="mt-6" onClick={() => update(rows.filter((_, at) => at !== index))}>
                Remove<span className="sr-only"> redirect URI {index + 1}</span>
              </Button>
            )}
          </div>
        );
      })}
      {listError && (
        <p id="field-redirectUris-error" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      <Button variant="secondary" disabled={rows.length >= MAX_REDIRECT_URIS} onClick={() => update([...rows, ""])}>
        Add redirect URI
      </Button>
    </fieldset>
  );
}
