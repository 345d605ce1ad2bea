import type { TPeerSchedulingType } from "@/server/event-types/team-event-type.schemas";

/** The team event type kinds (SCHEDULING_TYPES' keys), as the site names them. */
export const SCHEDULING_KIND_LABELS: Record<TPeerSchedulingType, string> = {
  roundRobin: "Round robin: one host in turn",
  collective: "Collective: every host attends",
  managed: "Managed: each host gets their own copy",
};

export const SCHEDULING_KIND_OPTIONS = (Object.keys(SCHEDULING_KIND_LABELS) as TPeerSchedulingType[]).map((value) => ({
  value,
  label: SCHEDULING_KIND_LABELS[value],
}));
