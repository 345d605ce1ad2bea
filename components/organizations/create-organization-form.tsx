"use client";
/** The instance admin creates an organization and names its first owner (an existing account, by e-mail). */
import { ZCreateOrganizationInput } from "@/server/organizations/organization.schemas";
import { TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";

export function CreateOrganizationForm() {
  const trpc = useTRPC();
  const form = useZodForm(ZCreateOrganizationInput, { defaultValues: { name: "", slug: "", ownerEmail: "" } });
  const create = useFormMutation(form, trpc.organizations.adminCreate.mutationOptions(), {
    success: (org) => `Organization “${org.name}” created`,
    invalidates: [trpc.organizations.adminList.queryKey()],
    onSuccess: () => form.reset(),
  });
  return (
    <section aria-labelledby="create-org-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="create-org-heading" className="text-lg font-semibold">
        Create an organization
      </h2>
      <Form form={form} onSubmit={(values) => create.mutate(values)} aria-labelledby="create-org-heading" className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Name" maxLength={100} />
          <TextField name="slug" label="Slug" maxLength={64} hint="Lowercase letters, digits and hyphens" />
        </div>
        <TextField
          name="ownerEmail"
          label="First owner's e-mail"
          type="email"
          autoComplete="off"
          hint="An existing account; it is mailed that it owns the organization"
        />
        <SubmitButton pending={create.isPending}>Create organization</SubmitButton>
      </Form>
    </section>
  );
}
