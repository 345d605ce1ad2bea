import { afterAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { expectAppError } from "../../e2e/support/rejections";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { duplicateEventType, duplicateTeamEventType, eventTypeTeamOf } from "./event-type-duplicate";
import { eventTypeInput } from "./event-type-input";
import { createEventType, getEventType, updateEventType } from "./event-type.service";
import { createTeamEventType } from "./team-event-type.service";

afterAll(() => disconnectDb());

const everySetting = {
  title: "Strategy",
  slug: "strategy",
  lengthInMinutes: 30,
  lengthInMinutesOptions: [30, 60],
  description: "Plans",
  locations: [{ type: "address" as const, address: "1 Main St", public: true }],
  beforeEventBuffer: 5,
  afterEventBuffer: 10,
  minimumBookingNotice: 60,
  confirmationPolicy: { type: "time" as const, noticeThreshold: { unit: "days" as const, count: 2 } },
  bookingWindow: { type: "businessDays" as const, value: 10, rolling: true },
  bookingLimitsCount: { day: 2, week: 5 },
  bookingLimitsDuration: { day: 120 },
  successRedirectUrl: "https://example.com/thanks",
  disableGuests: true,
  bookingFields: [{ type: "select" as const, slug: "topic", label: "Topic", options: ["A", "B"], required: true }],
};

describe("eventTypeInput", () => {
  it("reads an event type back as a body that, sent again, changes nothing", async () => {
    const user = await makeUser();
    const actor = sessionActor(user.id);
    const created = await createEventType(actor, everySetting);
    expect(await updateEventType(actor, created.id, eventTypeInput(created))).toStrictEqual(created);
  });
});

describe("duplicateEventType", () => {
  it("copies every setting under the new title, slug and length, through the create use case", async () => {
    const user = await makeUser();
    const actor = sessionActor(user.id);
    const source = await createEventType(actor, everySetting);
    const copy = await duplicateEventType(actor, source.id, { title: "Strategy (copy)", slug: "strategy-copy", lengthInMinutes: 60 });
    const { id: _source, title: _t, slug: _s, bookingUrl: _u, ...settings } = source;
    expect(copy).toMatchObject({ ...settings, title: "Strategy (copy)", slug: "strategy-copy", lengthInMinutes: 60 });
    expect(copy.id).not.toBe(source.id);
  });

  it("drops length options that leave out a new length, and refuses a taken slug on the slug field", async () => {
    const user = await makeUser();
    const actor = sessionActor(user.id);
    const source = await createEventType(actor, everySetting);
    const copy = await duplicateEventType(actor, source.id, { title: "Short", slug: "short", lengthInMinutes: 15 });
    expect(copy.lengthInMinutesOptions).toBeUndefined();
    await expectAppError(duplicateEventType(actor, source.id, { title: "Again", slug: "strategy", lengthInMinutes: 30 }), "CONFLICT");
    expect(await db.eventType.count({ where: { userId: user.id } })).toBe(2);
  });

  it("answers another user's event type as not found", async () => {
    const [owner, stranger] = await Promise.all([makeUser(), makeUser()]);
    const source = await createEventType(sessionActor(owner.id), everySetting);
    await expectAppError(duplicateEventType(sessionActor(stranger.id), source.id, { title: "Mine", slug: "mine", lengthInMinutes: 30 }), "NOT_FOUND");
    await expectAppError(eventTypeTeamOf(sessionActor(stranger.id), source.id), "NOT_FOUND");
    await expect(getEventType(sessionActor(owner.id), source.id)).resolves.toMatchObject({ id: source.id });
  });
});

describe("duplicateTeamEventType", () => {
  it("keeps the kind and the hosts; a plain member may not duplicate", async () => {
    const [owner, member] = await Promise.all([makeUser(), makeUser()]);
    const team = await db.team.create({ data: { name: "Crew", slug: `crew-${owner.id}` } });
    await db.membership.createMany({
      data: [
        { teamId: team.id, userId: owner.id, role: "OWNER", accepted: true },
        { teamId: team.id, userId: member.id, role: "MEMBER", accepted: true },
      ],
    });
    const source = await createTeamEventType(sessionActor(owner.id), team.id, {
      title: "Sync",
      slug: "sync",
      lengthInMinutes: 30,
      schedulingType: "roundRobin",
      hosts: [{ userId: member.id, priority: "high", mandatory: true }],
    });
    expect(await eventTypeTeamOf(sessionActor(member.id), source.id)).toBe(team.id);
    const copy = await duplicateTeamEventType(sessionActor(owner.id), team.id, source.id, { title: "Sync 2", slug: "sync-2", lengthInMinutes: 45 });
    expect(copy).toMatchObject({ schedulingType: "roundRobin", assignAllTeamMembers: false, lengthInMinutes: 45 });
    expect(copy.hostDetails).toEqual([expect.objectContaining({ userId: member.id, priority: "high", mandatory: true })]);
    await expectAppError(
      duplicateTeamEventType(sessionActor(member.id), team.id, source.id, { title: "Nope", slug: "nope", lengthInMinutes: 30 }),
      "FORBIDDEN",
    );
  });
});
