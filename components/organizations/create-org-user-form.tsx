"use client";
/**
 * Creates an account in the organization (org.users.write) on the schema and use case of
 * POST /v2/organizations/{orgId}/users: the person is a member at once and gets a mailed link to set their password.
 * An address that already has an account is refused on the e-mail field (that person is invited instead).
 */
import { useState } from "react";
import { ZCreateOrgUserInput } from "@/server/organizations/org-users.schemas";
import { ComboBoxField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { Alert } from "../ui/alert";

type Props = { orgId: number; timeZones: readonly string[]; defaultTimeZone: string };

export function CreateOrgUserForm({ orgId, timeZones, defaultTimeZone }: Props) {
  const trpc = useTRPC();
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  const empty = { email: "", timeZone: defaultTimeZone };
  const form = useZodForm(ZCreateOrgUserInput, { defaultValues: empty, mode: "onSubmit" });
  const create = useFormMutation(form, trpc.organizations.createUser.mutationOptions(), {
    invalidates: [trpc.teams.members.queryKey({ teamId: orgId })],
    onSuccess: (user) => {
      setCreatedFor(user.email);
      form.reset(empty);
    },
  });
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h3 id="create-org-user-heading" className="text-lg font-semibold">
        Create a user
      </h3>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        A new account that belongs to the organization. We e-mail them a link to set their password. Someone who already has an account is invited instead.
      </p>
      <Form
        form={form}
        aria-labelledby="create-org-user-heading"
        className="mt-4 space-y-4"
        onSubmit={(body) => {
          setCreatedFor(null);
          create.mutate({ orgId, body });
        }}
      >
        {createdFor && <Alert tone="info">Account created. We e-mailed {createdFor} a link to set a password.</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="email" label="E-mail" type="email" autoComplete="off" />
          <TextField name="name" label="Name" isOptional autoComplete="off" hint="Optional: the part of the address before @ otherwise" />
        </div>
        <ComboBoxField name="timeZone" label="Time zone" options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))} />
        <SubmitButton pending={create.isPending} pendingLabel="Creating…">
          Create user
        </SubmitButton>
      </Form>
    </section>
  );
}
