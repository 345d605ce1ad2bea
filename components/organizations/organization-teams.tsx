"use client";
/**
 * The organization's teams: each opens on the team pages (/settings/teams/{id}); its admins create a team in it, or
 * move in a team they administer (every member of which must already belong to the organization).
 */
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ZCreateTeamInput } from "@/server/teams/team.schemas";
import { SelectField, TextField } from "../form/fields";
import { Form, SubmitButton, useZodForm } from "../form/form";
import { useFormMutation } from "../form/use-form-mutation";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { TextLink } from "../ui/text-link";

const ZMoveTeam = z.object({ teamId: z.number({ message: "Choose a team" }).int().positive() });

function TeamList({ orgId }: { orgId: number }) {
  const trpc = useTRPC();
  const teams = useQuery(trpc.organizations.teams.queryOptions({ orgId }));
  if (teams.isPending) return <p className="text-sm text-slate-600">Loading teams…</p>;
  if (teams.isError) return <Alert>{describeError(teams.error).message}</Alert>;
  if (teams.data.length === 0) return <p className="text-sm text-slate-600">No team in this organization yet.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {teams.data.map((team) => (
        <li key={team.id} data-testid="org-team" className="rounded-md border border-slate-200 bg-white p-3">
          <TextLink href={`/settings/teams/${team.id}`}>{team.name}</TextLink> <span className="font-mono text-slate-600">{team.slug}</span>
        </li>
      ))}
    </ul>
  );
}

function CreateOrgTeamForm({ orgId }: { orgId: number }) {
  const trpc = useTRPC();
  const form = useZodForm(ZCreateTeamInput, { defaultValues: { name: "" } });
  const create = useFormMutation(form, trpc.organizations.createTeam.mutationOptions(), {
    success: (team) => `Team “${team.name}” created`,
    invalidates: [trpc.organizations.teams.queryKey({ orgId })],
    onSuccess: () => form.reset(),
  });
  return (
    <Form form={form} onSubmit={(body) => create.mutate({ orgId, body })} label="Create a team in the organization" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Team name" maxLength={100} />
        <TextField name="slug" label="Slug (optional)" isOptional maxLength={64} hint="Unique within the organization; made from the name when empty" />
      </div>
      <SubmitButton pending={create.isPending}>Create team</SubmitButton>
    </Form>
  );
}

function MoveTeamForm({ orgId }: { orgId: number }) {
  const trpc = useTRPC();
  const movable = useQuery(trpc.organizations.movableTeams.queryOptions());
  const form = useZodForm(ZMoveTeam);
  const move = useFormMutation(form, trpc.organizations.moveTeam.mutationOptions(), {
    success: (team) => `Team “${team.name}” moved into the organization`,
    invalidates: [trpc.organizations.teams.queryKey({ orgId }), trpc.organizations.movableTeams.queryKey()],
    onSuccess: () => form.reset(),
  });
  if (movable.isPending || movable.isError || movable.data.length === 0) return null;
  return (
    <Form form={form} onSubmit={({ teamId }) => move.mutate({ orgId, teamId })} label="Move a team into the organization" className="space-y-4">
      <SelectField
        name="teamId"
        label="Move one of your teams in"
        hint="You must be an admin of the team; all its members must already belong to the organization"
        options={movable.data.map((team) => ({ value: team.id, label: `${team.name} (${team.slug})` }))}
      />
      <SubmitButton pending={move.isPending}>Move team</SubmitButton>
    </Form>
  );
}

export function OrganizationTeams({ orgId, canManage }: { orgId: number; canManage: boolean }) {
  return (
    <div className="space-y-6">
      <TeamList orgId={orgId} />
      {canManage && (
        <div className="grid gap-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <CreateOrgTeamForm orgId={orgId} />
          <MoveTeamForm orgId={orgId} />
        </div>
      )}
    </div>
  );
}
