"use client";
/** Mails a single-use link, on the form kit with the procedure's own schema; an OWNER invitation is offered to everyone, the service refuses it to admins. */
import { useState } from "react";
import { ZInviteInput } from "@/server/teams/invitation.schemas";
import { SelectField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { Alert } from "../ui/alert";
import { ROLES } from "./types";

export function InviteForm({ teamId }: { teamId: number }) {
  const trpc = useTRPC();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(ZInviteInput, { defaultValues: { email: "", role: "MEMBER" }, mode: "onSubmit" });
  const invite = useFormMutation(form, trpc.teams.invite.mutationOptions(), {
    invalidates: [trpc.teams.invitations.queryKey({ teamId })],
    onSuccess: (invitation) => {
      setSentTo(invitation.email);
      form.reset({ email: "", role: "MEMBER" });
    },
  });
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite someone
      </h2>
      <Form
        form={form}
        aria-labelledby="invite-heading"
        className="mt-4 space-y-4"
        onSubmit={(input) => {
          setSentTo(null);
          invite.mutate({ teamId, ...input });
        }}
      >
        {sentTo && <Alert tone="info">Invitation sent to {sentTo}.</Alert>}
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <TextField name="email" label="E-mail" type="email" />
          <SelectField name="role" label="Role" options={ROLES.map((role) => ({ value: role, label: role }))} />
        </div>
        <SubmitButton pending={invite.isPending} pendingLabel="Sending…">
          Send invitation
        </SubmitButton>
      </Form>
    </section>
  );
}
