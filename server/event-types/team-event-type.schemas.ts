/**
 * Team event type write shapes: the personal event type's fields (event-type.schemas.ts) plus the peer's team
 * fields of CreateTeamEventTypeInput_2024_06_14 / UpdateTeamEventTypeInput_2024_06_14: schedulingType (create
 * only: a team event type keeps its kind), hosts and assignAllTeamMembers.
 */
import { z } from "zod";
import type { SchedulingType } from "../db/generated/enums";
import { ZDecimalIntParam, ZIdField, ZIdParam } from "../http/ids";
import {
  LENGTH_ALIAS,
  mergeLengthAlias,
  refineConfirmation,
  refineLengthAlias,
  refineLengths,
  ZCreateEventTypeFields,
  ZUpdateEventTypeFields,
} from "./event-type.schemas";

/** The peer's names for the stored kinds. */
export const SCHEDULING_TYPES = { collective: "COLLECTIVE", roundRobin: "ROUND_ROBIN", managed: "MANAGED" } as const satisfies Record<string, SchedulingType>;
export type TPeerSchedulingType = keyof typeof SCHEDULING_TYPES;

/** EventTypeHost.priority 0..4, as the round-robin ranking reads it (higher first). */
export const HOST_PRIORITIES = ["lowest", "low", "medium", "high", "highest"] as const;
export type THostPriority = (typeof HOST_PRIORITIES)[number];
export const DEFAULT_PRIORITY: THostPriority = "medium";

export const ZHost = z
  .object({
    userId: ZIdField.describe("A team member who hosts this event type (an accepted member of the team)"),
    mandatory: z.boolean().optional().describe("Round robin: this host is on every booking (collective hosts all are)"),
    priority: z.enum(HOST_PRIORITIES).optional().describe("Round robin: higher-priority hosts are offered first; default medium"),
  })
  .strict();
export type THost = z.infer<typeof ZHost>;

const ZHosts = z
  .array(ZHost)
  .max(500, "At most 500 hosts")
  .refine((hosts) => new Set(hosts.map(({ userId }) => userId)).size === hosts.length, "Each host may appear once");

const teamFields = {
  hosts: ZHosts.describe("The team members who host it; with assignAllTeamMembers, leave it out"),
  assignAllTeamMembers: z.boolean().describe("Every accepted member of the team hosts it, members who join later included"),
};

type TeamFields = { hosts?: THost[]; assignAllTeamMembers?: boolean };

function refineHostChoice(value: TeamFields, context: z.RefinementCtx) {
  if (value.assignAllTeamMembers === true && value.hosts !== undefined && value.hosts.length > 0) {
    context.addIssue({ code: "custom", path: ["hosts"], message: "Send hosts or assignAllTeamMembers: true, not both" });
  }
}

export const ZCreateTeamEventTypeInput = ZCreateEventTypeFields.extend({
  schedulingType: z
    .enum(Object.keys(SCHEDULING_TYPES) as [TPeerSchedulingType, ...TPeerSchedulingType[]], {
      message: `schedulingType is one of ${Object.keys(SCHEDULING_TYPES).join(", ")}`,
    })
    .describe("collective: every host attends; roundRobin: one rotating host (plus the mandatory ones); managed: each host gets their own copy"),
  ...teamFields,
  ...LENGTH_ALIAS,
})
  .partial({ hosts: true, assignAllTeamMembers: true })
  .strict()
  .superRefine(refineLengthAlias(true))
  .transform((value) => mergeLengthAlias(value) as Omit<typeof value, "length" | "lengthInMinutes"> & { lengthInMinutes: number })
  .superRefine(refineConfirmation)
  .superRefine(refineLengths)
  .superRefine(refineHostChoice);
export type TCreateTeamEventTypeInput = z.input<typeof ZCreateTeamEventTypeInput>;

export const ZUpdateTeamEventTypeInput = ZUpdateEventTypeFields.extend({ ...teamFields, ...LENGTH_ALIAS })
  .partial()
  .strict()
  .superRefine(refineLengthAlias(false))
  .transform(mergeLengthAlias)
  .superRefine(refineConfirmation)
  .superRefine(refineLengths)
  .superRefine(refineHostChoice);
export type TUpdateTeamEventTypeInput = z.input<typeof ZUpdateTeamEventTypeInput>;

export const ZTeamEventTypesParams = z.object({ teamId: ZIdParam });
export const ZTeamEventTypeParams = z.object({ teamId: ZIdParam, eventTypeId: ZIdParam });

export const ZListTeamEventTypesQuery = z
  .object({
    eventSlug: z.string().trim().min(1).max(100).optional().describe("Only the event type with this slug"),
    hostsLimit: ZDecimalIntParam({ min: 1, max: 1000 }).optional().describe("List at most this many hosts of each event type"),
  })
  .strict();
