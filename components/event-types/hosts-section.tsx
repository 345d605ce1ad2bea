"use client";
/**
 * A team event type's hosts and assignment: every member, or the members chosen; for round robin, each host's
 * priority (higher are offered first) and whether they are on every booking. The kind (round robin, collective,
 * managed) is chosen when the event type is created and kept.
 */
import { unbookableText } from "../teams/unbookable";
import { useFormContext, useWatch } from "react-hook-form";
import { HOST_PRIORITIES, type THost, type THostPriority } from "@/server/event-types/team-event-type.schemas";
import { SwitchControl } from "../form/fields";
import { Form, SubmitButton } from "../form/form";
import { ChoiceSelect } from "./choice-select";
import { SCHEDULING_KIND_LABELS } from "./scheduling-kinds";
import { Fieldset } from "./section-frame";
import type { TEditorData } from "./types";
import { useSectionForm } from "./use-section-form";

type TTeamData = Extract<TEditorData, { kind: "team" }>;

const valuesOf = (data: TEditorData) => {
  const { eventType } = data as TTeamData;
  const hosts = eventType.hostDetails.map(({ userId, mandatory, priority }) => ({ userId, mandatory, priority }));
  return { assignAllTeamMembers: eventType.assignAllTeamMembers, hosts: eventType.assignAllTeamMembers ? [] : hosts };
};

const PRIORITY_OPTIONS = HOST_PRIORITIES.map((priority) => ({ value: priority, label: priority[0]!.toUpperCase() + priority.slice(1) }));

export function HostsSection({ data }: { data: TTeamData }) {
  const { form, save, submit } = useSectionForm(data, valuesOf, "Hosts saved");
  const kind = data.eventType.schedulingType;
  return (
    <Form form={form} onSubmit={submit} label="Hosts" className="space-y-6">
      <Fieldset legend="Assignment">
        <p className="text-sm text-slate-800">{SCHEDULING_KIND_LABELS[kind]}</p>
        <AssignAllSwitch />
      </Fieldset>
      <HostList data={data} />
      <SubmitButton pending={save.isPending}>Save hosts</SubmitButton>
    </Form>
  );
}

function AssignAllSwitch() {
  const { setValue } = useFormContext();
  const assignAll = useWatch({ name: "assignAllTeamMembers" }) as boolean;
  return (
    <SwitchControl
      label="Every team member hosts it, members who join later too"
      isSelected={assignAll}
      onChange={(on) => {
        setValue("assignAllTeamMembers", on, { shouldDirty: true });
        // The two ways of naming hosts exclude each other (ZUpdateTeamEventTypeInput refuses both).
        if (on) setValue("hosts", [], { shouldDirty: true });
      }}
    />
  );
}

function HostList({ data }: { data: TTeamData }) {
  const { setValue } = useFormContext();
  const assignAll = useWatch({ name: "assignAllTeamMembers" }) as boolean;
  const hosts = (useWatch({ name: "hosts" }) ?? []) as THost[];
  const isRoundRobin = data.eventType.schedulingType === "roundRobin";
  const error = (useFormContext().formState.errors.hosts as { message?: string } | undefined)?.message;
  const unbookable = data.members.filter((member) => member.unbookable);
  if (assignAll)
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-600">
          All {data.members.length} accepted members host it
          {unbookable.length > 0 ? `; ${unbookable.length} of them cannot be booked now and are skipped:` : "."}
        </p>
        {unbookable.length > 0 && (
          <ul aria-label="Hosts who cannot be booked" className="list-disc space-y-1 pl-5 text-sm text-amber-800">
            {unbookable.map((member) => (
              <li key={member.userId}>
                {member.name}: {unbookableText(member.unbookable!).replace(/^Cannot be booked: /, "")}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  const setHosts = (next: THost[]) => setValue("hosts", next, { shouldDirty: true, shouldValidate: true });
  const change = (userId: number, patch: Partial<THost>) => setHosts(hosts.map((host) => (host.userId === userId ? { ...host, ...patch } : host)));
  return (
    <Fieldset legend="Hosts" hint={isRoundRobin ? "Higher priority hosts are offered first; a host on every booking joins whoever is picked." : undefined}>
      <ul aria-label="Team members" className="divide-y divide-slate-200">
        {data.members.map((member) => {
          const host = hosts.find((candidate) => candidate.userId === member.userId);
          return (
            <li key={member.userId} className="flex flex-wrap items-end justify-between gap-3 py-3" aria-label={member.name}>
              {member.unbookable && <p className="w-full text-xs text-amber-800">{unbookableText(member.unbookable)}</p>}
              <SwitchControl
                label={`${member.name} hosts`}
                isSelected={Boolean(host)}
                onChange={(on) =>
                  setHosts(on ? [...hosts, { userId: member.userId, mandatory: false, priority: "medium" }] : hosts.filter((h) => h.userId !== member.userId))
                }
              />
              {host && isRoundRobin && (
                <div className="flex flex-wrap items-end gap-4">
                  <ChoiceSelect
                    label={`Priority of ${member.name}`}
                    options={PRIORITY_OPTIONS}
                    value={host.priority ?? "medium"}
                    onChange={(priority: THostPriority) => change(member.userId, { priority })}
                    className="w-40"
                  />
                  <SwitchControl
                    label="On every booking"
                    isSelected={host.mandatory ?? false}
                    onChange={(mandatory) => change(member.userId, { mandatory })}
                    className="pb-2"
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </Fieldset>
  );
}
