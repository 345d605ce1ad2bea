"use client";
/** A team's name, slug (its public address), bio and logo, for its owners and admins. */
import { useRouter } from "next/navigation";
import { useWatch } from "react-hook-form";
import { ZTeamProfileForm } from "@/server/teams/team.schemas";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";

type Props = { team: { id: number; name: string; slug: string; bio: string | null; logoUrl: string | null }; publicPrefix: string };

export function TeamProfileForm({ team, publicPrefix }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useZodForm(ZTeamProfileForm, { defaultValues: { name: team.name, slug: team.slug, bio: team.bio ?? "", logoUrl: team.logoUrl ?? "" } });
  const slug = useWatch({ control: form.control, name: "slug" });
  const save = useFormMutation(form, trpc.teams.update.mutationOptions(), {
    success: "Team saved",
    invalidates: [trpc.teams.list.queryKey()],
    // The heading and the event types' links are rendered on the server.
    onSuccess: () => router.refresh(),
  });
  return (
    <section aria-labelledby="team-profile-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="team-profile-heading" className="text-lg font-semibold">
        Team profile
      </h2>
      <Form form={form} onSubmit={(body) => save.mutate({ teamId: team.id, body })} aria-labelledby="team-profile-heading" className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Team name" maxLength={100} autoComplete="off" hint="Up to 100 characters." />
          <TextField name="slug" label="Slug" maxLength={64} autoComplete="off" hint={`Public page: ${publicPrefix}${slug || "…"}`} />
        </div>
        <TextField name="logoUrl" label="Logo URL (optional)" type="url" inputMode="url" placeholder="https://…" maxLength={2048} />
        <TextareaField name="bio" label="Bio (optional)" maxLength={1000} hint="Shown on the team's public page. Up to 1000 characters." />
        <SubmitButton pending={save.isPending}>Save team</SubmitButton>
      </Form>
    </section>
  );
}
