"use client";
/** /settings/profile: name, username (its public links), avatar URL and bio. */
import { useRouter } from "next/navigation";
import type { TMeOutput } from "@/server/me/me.dto";
import { ZSiteProfileInput } from "@/server/users/user.schemas";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";

export function ProfileForm({ me, appUrl }: { me: TMeOutput; appUrl: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useZodForm(ZSiteProfileInput, { defaultValues: { name: me.name, username: me.username, avatarUrl: me.avatarUrl ?? "", bio: me.bio ?? "" } });
  const save = useFormMutation(form, trpc.account.updateProfile.mutationOptions(), {
    success: "Profile saved",
    invalidates: [trpc.account.me.queryKey()],
    // The header's name and public link are server-rendered.
    onSuccess: () => router.refresh(),
  });
  return (
    <section aria-labelledby="profile-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="profile-heading" className="text-lg font-semibold">
        Profile
      </h2>
      <Form form={form} onSubmit={(body) => save.mutate({ body })} aria-labelledby="profile-heading" className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Name" autoComplete="name" maxLength={100} />
          <TextField name="username" label="Username" autoComplete="username" maxLength={40} hint={`Your public page: ${appUrl}/${me.username}`} />
        </div>
        <TextField name="avatarUrl" label="Avatar URL (optional)" type="url" inputMode="url" placeholder="https://…" />
        <TextareaField name="bio" label="Bio (optional)" maxLength={1000} hint="Shown on your public page." />
        <SubmitButton pending={save.isPending}>Save profile</SubmitButton>
      </Form>
    </section>
  );
}
