"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "../trpc/client";
import { describeError, type FieldErrors } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { CONTROL_CLASSES } from "../ui/field-frame";
import { TextField } from "../ui/text-field";
import { ROLES } from "./types";

/** Mails a single-use link; an OWNER invitation is offered to everyone, the service refuses it to admins. */
export function InviteForm({ teamId }: { teamId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invite = useMutation(
    trpc.teams.invite.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.teams.invitations.queryKey({ teamId }) }) }),
  );
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "MEMBER") as (typeof ROLES)[number] };
    setError(null);
    setSentTo(null);
    // Validated by the procedure (server-only schemas): its field messages come back as issues.
    setFields({});
    try {
      const invitation = await invite.mutateAsync({ teamId, ...input });
      setSentTo(invitation.email);
      formElement.reset();
    } catch (failure) {
      const described = describeError(failure);
      setError(described.message);
      setFields(described.fields);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="invite-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite someone
      </h2>
      <div className="mt-4 space-y-4">
        {error && <Alert>{error}</Alert>}
        {sentTo && <Alert tone="info">Invitation sent to {sentTo}.</Alert>}
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <TextField name="email" label="E-mail" type="email" required error={fields.email} />
          <div>
            <label htmlFor="invite-role" className="block text-sm font-medium text-slate-800">
              Role
            </label>
            <select id="invite-role" name="role" defaultValue="MEMBER" className={CONTROL_CLASSES}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? "Sending…" : "Send invitation"}
        </Button>
      </div>
    </form>
  );
}
