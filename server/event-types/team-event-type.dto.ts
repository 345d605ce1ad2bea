/**
 * The team event type output: the peer's TeamEventTypeOutput_2024_06_14, i.e. the personal output
 * (event-type.dto.ts) plus teamId, schedulingType, hosts, assignAllTeamMembers and the team. The peer's published
 * schema types `hosts` as strings: they are the hosts' usernames there, and `hostDetails` carries what the request's
 * `hosts` takes (userId, mandatory, priority) so a client can read back what it set.
 */
import { z } from "zod";
import type { SchedulingType } from "../db/generated/enums";
import { EVENT_TYPE_SELECT, toEventTypeOutput, ZEventTypeOutput } from "./event-type.dto";
import { HOST_PRIORITIES, SCHEDULING_TYPES, type TPeerSchedulingType } from "./team-event-type.schemas";

export const TEAM_EVENT_TYPE_SELECT = {
  ...EVENT_TYPE_SELECT,
  teamId: true,
  parentId: true,
  schedulingType: true,
  assignAllTeamMembers: true,
  team: { select: { id: true, slug: true, name: true, logoUrl: true, weekStart: true } },
  hosts: {
    select: { userId: true, isFixed: true, priority: true, user: { select: { username: true, name: true, avatarUrl: true } } },
    orderBy: { userId: "asc" },
  },
} as const;

const PEER_SCHEDULING_TYPE = Object.fromEntries(Object.entries(SCHEDULING_TYPES).map(([peer, stored]) => [stored, peer])) as Record<
  SchedulingType,
  TPeerSchedulingType
>;

const ZHostDetail = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().optional().describe("Left out when not set"),
  mandatory: z.boolean().describe("On every booking: all collective hosts, the round robin's fixed hosts"),
  priority: z.enum(HOST_PRIORITIES),
});

const ZEventTypeTeam = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().describe("Empty when the team has no logo"),
  bannerUrl: z.string().describe("Always empty: Convene keeps no team banner"),
  weekStart: z.string(),
  brandColor: z.string().describe("Always empty: Convene keeps no team brand colours"),
  darkBrandColor: z.string().describe("Always empty"),
  theme: z.string().describe("Always empty"),
});

export const ZTeamEventTypeOutput = ZEventTypeOutput.extend({
  teamId: z.number().int(),
  ownerId: z.null(),
  parentEventTypeId: z.null().describe("A team's own event type has no parent (managed children belong to their members)"),
  schedulingType: z.enum(Object.keys(SCHEDULING_TYPES) as [TPeerSchedulingType, ...TPeerSchedulingType[]]),
  assignAllTeamMembers: z.boolean(),
  hosts: z.array(z.string()).describe("The hosts' usernames (the peer's schema); hostDetails has each host's settings"),
  hostDetails: z.array(ZHostDetail),
  team: ZEventTypeTeam,
});
export type TTeamEventTypeOutput = z.infer<typeof ZTeamEventTypeOutput>;

type TeamEventTypeRow = Parameters<typeof toEventTypeOutput>[0] & {
  teamId: number | null;
  schedulingType: SchedulingType | null;
  assignAllTeamMembers: boolean;
  team: { id: number; slug: string; name: string; logoUrl: string | null; weekStart: string } | null;
  hosts: { userId: number; isFixed: boolean; priority: number; user: { username: string; name: string; avatarUrl: string | null } }[];
};

const priorityName = (priority: number) => HOST_PRIORITIES[Math.min(Math.max(priority, 0), HOST_PRIORITIES.length - 1)]!;

/** `hostsLimit` (the peer's query parameter) caps how many hosts are listed. */
export function toTeamEventTypeOutput(row: TeamEventTypeRow, hostsLimit?: number): TTeamEventTypeOutput {
  const { team, hosts: allHosts } = row;
  if (row.teamId === null || team === null || row.schedulingType === null) throw new Error(`Event type ${row.id} is not a team event type`);
  const hosts = hostsLimit === undefined ? allHosts : allHosts.slice(0, hostsLimit);
  const usernames = hosts.map(({ user }) => user.username);
  return {
    ...toEventTypeOutput({ ...row, owner: null }),
    ownerId: null,
    users: usernames,
    teamId: row.teamId,
    parentEventTypeId: null,
    schedulingType: PEER_SCHEDULING_TYPE[row.schedulingType],
    assignAllTeamMembers: row.assignAllTeamMembers,
    hosts: usernames,
    hostDetails: hosts.map(({ userId, isFixed, priority, user }) => ({
      userId,
      username: user.username,
      name: user.name,
      ...(user.avatarUrl === null ? {} : { avatarUrl: user.avatarUrl }),
      mandatory: isFixed,
      priority: priorityName(priority),
    })),
    team: {
      id: team.id,
      slug: team.slug,
      name: team.name,
      logoUrl: team.logoUrl ?? "",
      bannerUrl: "",
      weekStart: team.weekStart,
      brandColor: "",
      darkBrandColor: "",
      theme: "",
    },
  };
}

export const ZDeleteTeamEventTypeOutput = ZTeamEventTypeOutput.pick({ id: true, lengthInMinutes: true, title: true, slug: true, teamId: true });
