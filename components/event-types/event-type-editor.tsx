"use client";
/**
 * /event-types/{id}: the event type in sections (React Aria Tabs: arrow keys move between them), each a form of its
 * own saving only its fields. The section is kept in the URL (?section=limits), so a section can be linked to.
 */
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Tab, TabList, TabPanel, Tabs, type Key } from "react-aria-components";
import { useTRPC } from "../trpc/client";
import { describeError } from "../trpc/errors";
import { Alert } from "../ui/alert";
import { FOCUS_RING } from "../ui/button";
import { TextLink } from "../ui/text-link";
import { AdvancedSection } from "./advanced-section";
import { AvailabilitySection } from "./availability-section";
import { BasicsSection } from "./basics-section";
import { HostsSection } from "./hosts-section";
import { LimitsSection } from "./limits-section";
import { PrivateLinksSection } from "./private-links-section";
import { RecurringSection } from "./recurring-section";
import { SeatsSection } from "./seats-section";
import { WebhooksSection } from "./webhooks-section";
import type { TEditorSection } from "./sections";
import type { TEditorData } from "./types";

const TAB = `cursor-default whitespace-nowrap rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm text-slate-700 outline-none data-[hovered]:text-slate-900 data-[selected]:border-indigo-600 data-[selected]:font-medium data-[selected]:text-indigo-800 ${FOCUS_RING} data-[focus-visible]:outline-2 data-[focus-visible]:outline-indigo-600`;

export function EventTypeEditor({ eventTypeId, section }: { eventTypeId: number; section: TEditorSection }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.eventTypes.get.queryOptions({ eventTypeId }));
  if (query.error) return <Alert>{describeError(query.error).message}</Alert>;
  if (!query.data) return <p className="text-sm text-slate-600">Loading…</p>;
  return <LoadedEditor data={query.data} section={section} />;
}

type TSection = { id: TEditorSection; label: string; panel: ReactNode };

function sectionsOf(data: TEditorData): TSection[] {
  const teamId = data.kind === "team" ? data.eventType.teamId : null;
  const sections: TSection[] = [
    { id: "basics", label: "Basics", panel: <BasicsSection data={data} /> },
    { id: "availability", label: "Availability", panel: <AvailabilitySection data={data} /> },
    { id: "limits", label: "Limits", panel: <LimitsSection data={data} /> },
    { id: "recurring", label: "Recurring", panel: <RecurringSection data={data} /> },
    { id: "advanced", label: "Advanced", panel: <AdvancedSection data={data} /> },
    { id: "seats", label: "Seats", panel: <SeatsSection data={data} /> },
    ...(data.kind === "team" ? [{ id: "hosts" as const, label: "Hosts", panel: <HostsSection data={data} /> }] : []),
    { id: "private-links", label: "Private links", panel: <PrivateLinksSection scope={{ eventTypeId: data.eventType.id, teamId }} /> },
    { id: "webhooks", label: "Webhooks", panel: <WebhooksSection eventTypeId={data.eventType.id} teamId={teamId} /> },
  ];
  return sections;
}

function LoadedEditor({ data, section }: { data: TEditorData; section: TEditorSection }) {
  const { eventType } = data;
  const url = `${data.publicBase}${eventType.slug}`;
  if (data.kind === "team" && !data.canWrite) {
    return (
      <>
        <h1 className="text-2xl font-semibold">{eventType.title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {data.eventType.lengthInMinutes} minutes · {data.eventType.team.name}. Owners and admins of the team edit it.
        </p>
      </>
    );
  }
  const sections = sectionsOf(data);
  const selected = sections.some((candidate) => candidate.id === section) ? section : "basics";
  const remember = (key: Key) => {
    const next = new URL(window.location.href);
    next.searchParams.set("section", String(key));
    window.history.replaceState(null, "", next);
  };
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-semibold">{eventType.title}</h1>
        {eventType.hidden ? (
          <span className="text-sm text-slate-600">Hidden · {url}</span>
        ) : (
          <TextLink href={url} className="text-sm break-all">
            {url}
          </TextLink>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {eventType.lengthInMinutes} minutes{data.kind === "team" ? ` · Team ${data.eventType.team.name}` : ""}
        {eventType.requiresConfirmation ? " · Requires confirmation" : ""}
      </p>
      <Tabs defaultSelectedKey={selected} onSelectionChange={remember} className="mt-6">
        <TabList aria-label="Event type settings" className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {sections.map((candidate) => (
            <Tab key={candidate.id} id={candidate.id} className={TAB}>
              {candidate.label}
            </Tab>
          ))}
        </TabList>
        {sections.map((candidate) => (
          <TabPanel key={candidate.id} id={candidate.id} className="pt-6 outline-none">
            {candidate.panel}
          </TabPanel>
        ))}
      </Tabs>
    </>
  );
}
