/** The booking's SQL loader against Prisma's select (loadBookableEventType), on a real PostgreSQL: the same row. */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../../prisma/factories";
import { db, disconnectDb } from "../../db/client";
import { queryBookableRow } from "./bookable-row";
import { loadBookableEventType } from "./bookable-row";
import { workflowsForEventType } from "../../workflows/reminder-schedule";
import { WORKFLOW_TRIGGERS } from "../../workflows/workflow.schemas";

afterAll(() => disconnectDb());

const hex = () => randomBytes(4).toString("hex");

/** Prisma's row has no webhook or workflow lookup (it says "maybe"): the rest must be the same. */
async function expectSameRowAsPrisma(eventTypeId: number) {
  const { mayHaveWebhooks: _, mayHaveWorkflows: __, ...row } = (await queryBookableRow(eventTypeId))!;
  const { mayHaveWebhooks, mayHaveWorkflows, ...prismas } = await loadBookableEventType(db, eventTypeId);
  expect(row).toEqual(prismas);
  expect([mayHaveWebhooks, mayHaveWorkflows]).toEqual([true, true]);
}

const webhookOf = (owner: { userId: number } | { eventTypeId: number }, active = true) =>
  db.webhook.create({ data: { ...owner, subscriberUrl: "https://hooks.example.test/in", triggers: ["BOOKING_CREATED"], active, secretEncrypted: "sealed" } });

async function withDestination(userId: number) {
  const credential = await db.credential.create({ data: { userId, type: "caldav", appId: "caldav", secret: "sealed" } });
  await db.destinationCalendar.create({ data: { userId, credentialId: credential.id, integration: "caldav", externalId: `cal-${hex()}` } });
}

async function withSchedule(userId: number) {
  const schedule = await db.schedule.create({
    data: { userId, name: "Hours", timeZone: "Europe/Berlin", entries: { create: [{ days: [1, 2], startMinute: 540, endMinute: 1020 }] } },
  });
  await db.user.update({ where: { id: userId }, data: { defaultScheduleId: schedule.id } });
}

describe("queryBookableRow", () => {
  it("equals Prisma's row for a round-robin team event type: fixed and rotating hosts, names, destination calendars, the form", async () => {
    const team = await db.team.create({ data: { name: "Team", slug: `team-${hex()}` } });
    const [fixed, rotating, bare] = [await makeUser(), await makeUser(), await makeUser()];
    await withSchedule(fixed.id);
    await withDestination(rotating.id);
    const eventType = await db.eventType.create({
      data: {
        teamId: team.id,
        title: "Team call",
        slug: `call-${hex()}`,
        description: "About the plan",
        lengthInMinutes: 30,
        schedulingType: "ROUND_ROBIN",
        requiresConfirmation: true,
        confirmationNoticeUnit: "hours",
        confirmationNoticeCount: 4,
        customName: "{Event type title} with {Scheduler}",
        disableGuests: true,
        locations: [{ type: "address", address: "Main street 1", public: true }],
        bookingFields: [{ type: "text", slug: "topic", label: "Topic", required: true }],
        hosts: { create: [{ userId: fixed.id, isFixed: true }, { userId: rotating.id }, { userId: bare.id }] },
      },
    });
    await expectSameRowAsPrisma(eventType.id);
    const row = await queryBookableRow(eventType.id);
    expect(row!.hosts.map((host) => [host.isFixed, host.user.destinationCalendar !== null])).toEqual(
      [fixed, rotating, bare].sort((a, b) => a.id - b.id).map((user) => [user.id === fixed.id, user.id === rotating.id]),
    );
  });

  it("equals Prisma's row for a personal event type whose owner has a destination calendar, and is null for an unknown id", async () => {
    const owner = await makeUser();
    await withSchedule(owner.id);
    await withDestination(owner.id);
    const eventType = await db.eventType.create({ data: { userId: owner.id, title: "Intro", slug: `intro-${hex()}`, lengthInMinutes: 30 } });
    await expectSameRowAsPrisma(eventType.id);
    const row = await queryBookableRow(eventType.id);
    expect(row!.owner!.destinationCalendar).not.toBeNull();
    expect(await queryBookableRow(eventType.id + 1_000_000)).toBeNull();
  });

  it("says whether an active webhook may take its bookings: its own, or an account webhook of its owner or of a host", async () => {
    const [owner, host, stranger] = [await makeUser(), await makeUser(), await makeUser()];
    const personal = await db.eventType.create({ data: { userId: owner.id, title: "Intro", slug: `intro-${hex()}`, lengthInMinutes: 30 } });
    const team = await db.team.create({ data: { name: "Team", slug: `team-${hex()}` } });
    const teamType = await db.eventType.create({
      data: {
        teamId: team.id,
        title: "Call",
        slug: `call-${hex()}`,
        lengthInMinutes: 30,
        schedulingType: "ROUND_ROBIN",
        hosts: { create: [{ userId: host.id }] },
      },
    });
    const flags = async () => [(await queryBookableRow(personal.id))!.mayHaveWebhooks, (await queryBookableRow(teamType.id))!.mayHaveWebhooks];

    await webhookOf({ userId: stranger.id });
    const paused = await webhookOf({ userId: owner.id }, false);
    expect(await flags()).toEqual([false, false]);
    await db.webhook.update({ where: { id: paused.id }, data: { active: true } });
    expect(await flags()).toEqual([true, false]);
    await webhookOf({ userId: host.id });
    expect(await flags()).toEqual([true, true]);

    const other = await db.eventType.create({ data: { userId: stranger.id, title: "Other", slug: `other-${hex()}`, lengthInMinutes: 30 } });
    await db.webhook.deleteMany({ where: { userId: stranger.id } });
    expect((await queryBookableRow(other.id))!.mayHaveWebhooks).toBe(false);
    await webhookOf({ eventTypeId: other.id });
    expect((await queryBookableRow(other.id))!.mayHaveWebhooks).toBe(true);
  });

  it("follows a managed copy to its team event type: the team's webhook takes the member's bookings of the copy", async () => {
    const member = await makeUser();
    const team = await db.team.create({ data: { name: "Team", slug: `team-${hex()}` } });
    const parent = await db.eventType.create({
      data: { teamId: team.id, title: "Onboarding", slug: `onboarding-${hex()}`, lengthInMinutes: 30, schedulingType: "MANAGED" },
    });
    const copy = await db.eventType.create({ data: { userId: member.id, parentId: parent.id, title: "Onboarding", slug: parent.slug, lengthInMinutes: 30 } });
    expect((await queryBookableRow(copy.id))!.mayHaveWebhooks).toBe(false);
    await webhookOf({ eventTypeId: parent.id });
    expect((await queryBookableRow(copy.id))!.mayHaveWebhooks).toBe(true);
  });

  it("says whether a workflow applies exactly when the workflows subscriber would find one (owner, team, managed parent; all or listed)", async () => {
    const [owner, member] = [await makeUser(), await makeUser()];
    const team = await db.team.create({ data: { name: "Team", slug: `team-${hex()}` } });
    const personal = await db.eventType.create({ data: { userId: owner.id, title: "Intro", slug: `intro-${hex()}`, lengthInMinutes: 30 } });
    const other = await db.eventType.create({ data: { userId: owner.id, title: "Other", slug: `other-${hex()}`, lengthInMinutes: 30 } });
    const parent = await db.eventType.create({
      data: { teamId: team.id, title: "Onboarding", slug: `onboarding-${hex()}`, lengthInMinutes: 30, schedulingType: "MANAGED" },
    });
    const copy = await db.eventType.create({ data: { userId: member.id, parentId: parent.id, title: "Onboarding", slug: parent.slug, lengthInMinutes: 30 } });
    const ids = [personal.id, other.id, parent.id, copy.id];
    const workflow = (owner: { userId: number } | { teamId: number }, activeOn: { all: true } | { eventTypeIds: number[] }) =>
      db.workflow.create({
        data: {
          ...owner,
          name: "Reminder",
          trigger: "beforeEvent",
          offsetValue: 1,
          offsetUnit: "hour",
          activeOnAll: "all" in activeOn,
          eventTypes: { create: "eventTypeIds" in activeOn ? activeOn.eventTypeIds.map((eventTypeId) => ({ eventTypeId })) : [] },
        },
      });
    /** The row's flag per event type, checked against the subscriber's own lookup of the same event type. */
    const flags = async () => {
      const rows = await Promise.all(ids.map(async (id) => (await queryBookableRow(id))!.mayHaveWorkflows));
      const found = await Promise.all(ids.map(async (id) => (await workflowsForEventType(db, id, WORKFLOW_TRIGGERS)).length > 0));
      expect(rows).toEqual(found);
      return rows;
    };

    expect(await flags()).toEqual([false, false, false, false]);
    await workflow({ userId: member.id }, { eventTypeIds: [personal.id] }); // another user's workflow naming it: not the owner's
    expect(await flags()).toEqual([false, false, false, false]);
    const listed = await workflow({ userId: owner.id }, { eventTypeIds: [other.id] });
    expect(await flags()).toEqual([false, true, false, false]);
    await db.workflow.delete({ where: { id: listed.id } });
    await workflow({ teamId: team.id }, { eventTypeIds: [parent.id] }); // the team's, on its managed event type: the copy too
    expect(await flags()).toEqual([false, false, true, true]);
    await workflow({ userId: owner.id }, { all: true });
    expect(await flags()).toEqual([true, true, true, true]);
  });
});
