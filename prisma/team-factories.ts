/**
 * Team seed helpers: teams, organizations and memberships written with Prisma directly (state fixtures), one small
 * world with every kind of relation to a team that the tenancy tests walk through, and team event types with many
 * hosts (each with a working-hours default schedule) for the round-robin and collective tests and benchmarks.
 */
import { randomBytes } from "node:crypto";
import { db } from "../server/db/client";
import type { SchedulingType } from "../server/db/generated/enums";
import type { TeamRole } from "../server/auth/permissions";
import { makeUser } from "./factories";

const slug = (stem: string) => `${stem}-${randomBytes(4).toString("hex")}`;

export async function makeTeam(options: { name?: string; parentId?: number | null; isOrganization?: boolean } = {}) {
  const name = options.name ?? (options.isOrganization ? "Acme Org" : "Team");
  return db.team.create({
    data: { name, slug: slug(options.isOrganization ? "org" : "team"), parentId: options.parentId ?? null, isOrganization: options.isOrganization ?? false },
  });
}

export async function addMember(teamId: number, userId: number, role: TeamRole, accepted = true) {
  return db.membership.create({ data: { teamId, userId, role, accepted } });
}

/**
 * An organization with a team in it, and a user for each relation: the team's OWNER, ADMIN and MEMBER, an
 * invited (not accepted) ADMIN, the org's OWNER, ADMIN and MEMBER (no membership of the team), and an outsider
 * who owns a team of their own.
 */
export async function makeTenancyWorld() {
  const org = await makeTeam({ isOrganization: true });
  const team = await makeTeam({ parentId: org.id });
  const otherTeam = await makeTeam();
  const [owner, admin, member, invited, orgOwner, orgAdmin, orgMember, outsider] = await Promise.all(Array.from({ length: 8 }, () => makeUser()));
  await Promise.all([
    addMember(team.id, owner!.id, "OWNER"),
    addMember(team.id, admin!.id, "ADMIN"),
    addMember(team.id, member!.id, "MEMBER"),
    addMember(team.id, invited!.id, "ADMIN", false),
    addMember(org.id, orgOwner!.id, "OWNER"),
    addMember(org.id, orgAdmin!.id, "ADMIN"),
    addMember(org.id, orgMember!.id, "MEMBER"),
    addMember(otherTeam.id, outsider!.id, "OWNER"),
  ]);
  return {
    org,
    team,
    otherTeam,
    users: {
      owner: owner!,
      admin: admin!,
      member: member!,
      invited: invited!,
      orgOwner: orgOwner!,
      orgAdmin: orgAdmin!,
      orgMember: orgMember!,
      outsider: outsider!,
    },
  };
}

export type TeamEventTypeOptions = {
  hosts: number;
  schedulingType: SchedulingType;
  /** Per host, by position: fixed ("mandatory") and priority (0 lowest … 4 highest; default 2). */
  hostSettings?: (index: number) => { isFixed?: boolean; priority?: number };
  /** Local working hours (UTC) as minutes after midnight, every day. */
  hours?: { startMinute: number; endMinute: number };
  lengthInMinutes?: number;
};

export async function makeTeamEventType(options: TeamEventTypeOptions) {
  const tag = randomBytes(4).toString("hex");
  const team = await db.team.create({ data: { name: `Team ${tag}`, slug: `team-${tag}` } });
  const users = await db.user.createManyAndReturn({
    data: Array.from({ length: options.hosts }, (_, index) => ({
      email: `host-${tag}-${index}@example.test`,
      username: `host-${tag}-${index}`,
      name: `Host ${index}`,
    })),
    select: { id: true, email: true },
  });
  users.sort((a, b) => a.id - b.id);
  const { startMinute, endMinute } = options.hours ?? { startMinute: 9 * 60, endMinute: 17 * 60 };
  for (const user of users) {
    const schedule = await db.schedule.create({
      data: { userId: user.id, name: "Working hours", timeZone: "UTC", entries: { create: [{ days: [0, 1, 2, 3, 4, 5, 6], startMinute, endMinute }] } },
      select: { id: true },
    });
    await db.user.update({ where: { id: user.id }, data: { defaultScheduleId: schedule.id } });
  }
  await db.membership.createMany({
    data: users.map((user, index) => ({ teamId: team.id, userId: user.id, role: index === 0 ? "OWNER" : "MEMBER", accepted: true })),
  });
  const eventType = await db.eventType.create({
    data: {
      teamId: team.id,
      title: "Team call",
      slug: `team-call-${tag}`,
      lengthInMinutes: options.lengthInMinutes ?? 30,
      minimumBookingNotice: 0,
      schedulingType: options.schedulingType,
      hosts: { create: users.map((user, index) => ({ userId: user.id, ...options.hostSettings?.(index) })) },
    },
  });
  return { team, eventType, hostIds: users.map((user) => user.id), hosts: users };
}

/**
 * A new user with a working-hours default schedule (UTC, every day; 09:00–17:00 unless `hours`), made a member of the
 * team (accepted unless told): a round-robin redirect target who does not host the event type.
 */
export async function makeWorkingMember(
  teamId: number,
  options: { role?: TeamRole; accepted?: boolean; hours?: { startMinute: number; endMinute: number } } = {},
) {
  const user = await makeUser();
  const { startMinute, endMinute } = options.hours ?? { startMinute: 9 * 60, endMinute: 17 * 60 };
  const schedule = await db.schedule.create({
    data: { userId: user.id, name: "Working hours", timeZone: "UTC", entries: { create: [{ days: [0, 1, 2, 3, 4, 5, 6], startMinute, endMinute }] } },
    select: { id: true },
  });
  await db.user.update({ where: { id: user.id }, data: { defaultScheduleId: schedule.id } });
  await addMember(teamId, user.id, options.role ?? "MEMBER", options.accepted ?? true);
  return user;
}
