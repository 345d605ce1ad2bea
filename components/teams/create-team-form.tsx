"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "../trpc/client";
import { describeError, type FieldErrors } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";

/** Name and slug; the creator becomes the team's OWNER and lands on its page. */
export function CreateTeamForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.teams.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.teams.list.queryKey() }) }));
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const slug = String(form.get("slug") ?? "").trim();
    const input = { name: String(form.get("name") ?? ""), ...(slug ? { slug } : {}) };
    setError(null);
    // Validated by the procedure (server-only schemas): its field messages come back as issues.
    setFields({});
    try {
      const team = await create.mutateAsync(input);
      router.push(`/settings/teams/${team.id}`);
    } catch (failure) {
      const described = describeError(failure);
      setError(described.message);
      setFields(described.fields);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="create-team-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="create-team-heading" className="text-lg font-semibold">
        Create a team
      </h2>
      <div className="mt-4 space-y-4">
        {error && <Alert>{error}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Team name" required maxLength={100} error={fields.name} />
          <TextField
            name="slug"
            label="Slug (optional)"
            maxLength={64}
            error={fields.slug}
            hint="Your team's booking pages live at /team/<slug>/…; made from the name when empty."
          />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create team"}
        </Button>
      </div>
    </form>
  );
}
