"use client";
/** Name and slug, on the form kit with the procedure's own fields; the creator becomes the team's OWNER and lands on its page. */
import { useRouter } from "next/navigation";
import { ZCreateTeamInput } from "@/server/teams/team.schemas";
import { TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";

export function CreateTeamForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useZodForm(ZCreateTeamInput, { defaultValues: { name: "" }, mode: "onSubmit" });
  const create = useFormMutation(form, trpc.teams.create.mutationOptions(), {
    success: (team) => `Team “${team.name}” created`,
    invalidates: [trpc.teams.list.queryKey()],
    onSuccess: (team) => router.push(`/settings/teams/${team.id}`),
  });
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="create-team-heading" className="text-lg font-semibold">
        Create a team
      </h2>
      <Form form={form} aria-labelledby="create-team-heading" className="mt-4 space-y-4" onSubmit={(body) => create.mutate(body)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Team name" maxLength={100} />
          <TextField
            name="slug"
            label="Slug (optional)"
            isOptional
            maxLength={64}
            hint="Your team's booking pages live at /team/<slug>/…; made from the name when empty."
          />
        </div>
        <SubmitButton pending={create.isPending} pendingLabel="Creating…">
          Create team
        </SubmitButton>
      </Form>
    </section>
  );
}
