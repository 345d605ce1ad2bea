"use client";
import { MAX_REDIRECT_URIS } from "@/server/oauth/oauth-client.schemas";
import type { FieldErrors } from "../trpc/errors";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";

type Props = { rows: string[]; onChange: (rows: string[]) => void; errors: FieldErrors };

/** 1–10 rows; each row's error comes from the zod path `redirectUris.<index>`. */
export function RedirectUrisField({ rows, onChange, errors }: Props) {
  const setRow = (index: number, value: string) => onChange(rows.map((row, at) => (at === index ? value : row)));
  return (
    <fieldset aria-describedby="redirect-uris-hint" className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Redirect URIs</legend>
      <p id="redirect-uris-hint" className="text-xs text-slate-500">
        Where Convene sends users back after they decide. https only (http is allowed for localhost); matched exactly; up to {MAX_REDIRECT_URIS}.
      </p>
      {rows.map((row, index) => (
        <div key={index} className="flex items-start gap-2">
          <TextField
            name={`redirectUri-${index}`}
            label={`Redirect URI ${index + 1}`}
            type="url"
            inputMode="url"
            placeholder="https://app.example.com/oauth/callback"
            className="flex-1"
            value={row}
            onChange={(event) => setRow(index, event.target.value)}
            error={errors[`redirectUris.${index}`]}
          />
          {rows.length > 1 && (
            <Button variant="secondary" className="mt-6" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
              Remove<span className="sr-only"> redirect URI {index + 1}</span>
            </Button>
          )}
        </div>
      ))}
      {errors.redirectUris && (
        <p id="field-redirectUris-error" className="text-sm text-red-700">
          {errors.redirectUris}
        </p>
      )}
      <Button variant="secondary" disabled={rows.length >= MAX_REDIRECT_URIS} onClick={() => onChange([...rows, ""])}>
        Add redirect URI
      </Button>
    </fieldset>
  );
}
