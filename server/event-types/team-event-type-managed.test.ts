/** MANAGED team event types on the real database: one child per assigned member, kept in step with the parent. */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { attendee } from "../../prisma/scheduling-factories";
import { createBooking } from "../bookings/create";
import { getAvailableSlots } from "../slots/slot-listings";
import { listEventTypes } from "./event-type.service";
import { createTeamEventType, deleteTeamEventType, updateTeamEventType } from "./team-event-type.service";

afterAll(() => disconnectDb());

const childrenOf = (parentId: number) =>
  db.eventType.findMany({
    where: { parentId },
    select: { userId: true, teamId: true, title: true, slug: true, lengthInMinutes: true, locations: true, bookingLimitsCount: true },
    orderBy: { userId: "asc" },
  });

const managed = { title: "Intro", slug: "intro", lengthInMinutes: 45, schedulingType: "managed" as const };

describe("managed event types", () => {
  it("gives each host a copy of the parent's fields, which the member lists as their own", async () => {
    const { team, users } = await makeTenancyWorld();
    const admin = sessionActor(users.admin.id);
    const parent = await createTeamEventType(admin, team.id, {
      ...managed,
      locations: [{ type: "link", link: "https://meet.example.test/intro" }],
      bookingLimitsCount: { day: 2 },
      hosts: [{ userId: users.member.id }, { userId: users.owner.id }],
    });
    expect(parent.schedulingType).toBe("managed");
    const children = await childrenOf(parent.id);
    expect(children.map(({ userId }) => userId)).toEqual([users.owner.id, users.member.id].sort((a, b) => a - b));
    for (const child of children) {
      expect(child).toMatchObject({ teamId: null, title: "Intro", slug: "intro", lengthInMinutes: 45, bookingLimitsCount: { day: 2 } });
      expect(child.locations).toEqual([{ type: "link", link: "https://meet.example.test/intro" }]);
    }
    const { items } = await listEventTypes(sessionActor(users.member.id), { take: 100, skip: 0 });
    expect(items.map(({ slug }) => slug)).toContain("intro");
  });

  it("refuses slots and bookings of the parent itself (400): members' copies are what is booked", async () => {
    const { team, users } = await makeTenancyWorld();
    const parent = await createTeamEventType(sessionActor(users.admin.id), team.id, { ...managed, hosts: [{ userId: users.member.id }] });
    const start = new Date(Date.UTC(2031, 5, 11, 10));
    const listing = getAvailableSlots({ eventTypeId: parent.id, startTime: start, endTime: new Date(start.getTime() + 7 * 86_400_000), timeZone: "UTC" });
    expect((await expectAppError(listing, "BAD_REQUEST")).message).toMatch(/managed event type/);
    const booking = createBooking(null, { eventTypeId: parent.id, start, attendee: attendee() }, { idempotencyKey: null });
    expect((await expectAppError(booking, "BAD_REQUEST")).message).toMatch(/managed event type/);
    expect(await db.booking.count({ where: { eventTypeId: parent.id } })).toBe(0);
  });

  it("follows the parent's changes, adds and removes copies with the hosts, and clears a nullable setting", async () => {
    const { team, users } = await makeTenancyWorld();
    const admin = sessionActor(users.admin.id);
    const parent = await createTeamEventType(admin, team.id, { ...managed, bookingLimitsCount: { day: 2 }, hosts: [{ userId: users.member.id }] });
    await updateTeamEventType(admin, team.id, parent.id, { title: "Intro call", lengthInMinutes: 30, bookingLimitsCount: { disabled: true } });
    expect(await childrenOf(parent.id)).toMatchObject([{ userId: users.member.id, title: "Intro call", lengthInMinutes: 30, bookingLimitsCount: null }]);
    await updateTeamEventType(admin, team.id, parent.id, { hosts: [{ userId: users.admin.id }] });
    expect((await childrenOf(parent.id)).map(({ userId }) => userId)).toEqual([users.admin.id]);
    await updateTeamEventType(admin, team.id, parent.id, { assignAllTeamMembers: true });
    expect(await childrenOf(parent.id)).toHaveLength(3);
  });

  it("refuses with 409 naming the member whose own event type holds the slug, and writes nothing", async () => {
    const { team, users } = await makeTenancyWorld();
    await db.eventType.create({ data: { userId: users.member.id, title: "Mine", slug: "intro", lengthInMinutes: 15 } });
    const admin = sessionActor(users.admin.id);
    const error = await expectAppError(
      createTeamEventType(admin, team.id, { ...managed, hosts: [{ userId: users.owner.id }, { userId: users.member.id }] }),
      "CONFLICT",
    );
    expect(error.message).toContain(users.member.username);
    expect(await db.eventType.count({ where: { teamId: team.id } })).toBe(0);
    expect(await db.eventType.count({ where: { userId: users.owner.id } })).toBe(0);
    // Renaming the parent onto the member's slug is refused the same way.
    const parent = await createTeamEventType(admin, team.id, { ...managed, slug: "other", hosts: [{ userId: users.member.id }] });
    await expectAppError(updateTeamEventType(admin, team.id, parent.id, { slug: "intro" }), "CONFLICT");
    expect((await childrenOf(parent.id))[0]).toMatchObject({ slug: "other" });
  });

  it("deletes the children with the parent; their bookings stay, without an event type", async () => {
    const { team, users } = await makeTenancyWorld();
    const admin = sessionActor(users.admin.id);
    const parent = await createTeamEventType(admin, team.id, { ...managed, hosts: [{ userId: users.member.id }] });
    const [child] = await db.eventType.findMany({ where: { parentId: parent.id }, select: { id: true } });
    const start = new Date(Date.now() + 86_400_000);
    const end = new Date(start.getTime() + 45 * 60_000);
    const booking = await db.booking.create({
      data: {
        uid: randomBytes(8).toString("hex"),
        eventTypeId: child!.id,
        title: "Intro",
        status: "ACCEPTED",
        start,
        end,
        hosts: { create: [{ userId: users.member.id, start, end }] },
      },
    });
    expect(await deleteTeamEventType(admin, team.id, parent.id)).toMatchObject({ id: parent.id, slug: "intro", teamId: team.id });
    expect(await db.eventType.count({ where: { id: { in: [parent.id, child!.id] } } })).toBe(0);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ eventTypeId: null, status: "ACCEPTED" });
  });
});
