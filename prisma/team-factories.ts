/**
 * Team event types with many hosts, written with Prisma directly (fixtures of state): a team, `hosts` users each with
 * a working-hours default schedule, and an event type hosted by all of them.
 */
import { randomBytes } from "node:crypto";
import { db } from "../server/db/client";
import type { SchedulingType } from "../server/db/generated/enums";

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
