"use client";
/** The organization's name, slug and bio, for its owners and admins (org.update, checked by the use case). */
import { useRouter } from "next/navigation";
import { ZUpdateOrganizationInput } from "@/server/organizations/organization.schemas";
import { TextareaField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";

type Props = { org: { id: number; name: string; slug: string; bio: string | null } };

export function OrganizationProfileForm({ org }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useZodForm(ZUpdateOrganizationInput, { defaultValues: { name: org.name, slug: org.slug, bio: org.bio ?? "" } });
  const save = useFormMutation(form, trpc.organizations.update.mutationOptions(), { success: "Organization saved", onSuccess: () => router.refresh() });
  return (
    <section aria-labelledby="org-profile-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="org-profile-heading" className="text-lg font-semibold">
        Profile
      </h2>
      <Form form={form} onSubmit={(body) => save.mutate({ orgId: org.id, body })} aria-labelledby="org-profile-heading" className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Name" maxLength={100} />
          <TextField name="slug" label="Slug" maxLength={64} />
        </div>
        <TextareaField name="bio" label="Bio (optional)" maxLength={1000} />
        <SubmitButton pending={save.isPending}>Save profile</SubmitButton>
      </Form>
    </section>
  );
}
