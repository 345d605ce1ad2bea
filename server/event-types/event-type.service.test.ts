import { sessionActor } from "../auth/actor";
import { afterAll, describe, expect, it } from "vitest";
import { env } from "../env";
import { ZodError } from "zod";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import { createSchedule } from "../schedules/schedule.service";
import { createEventType, deleteEventType, getEventType, listEventTypes, updateEventType } from "./event-type.service";
import { expectAppError, rejectionOf } from "../../e2e/support/rejections";

afterAll(() => disconnectDb());

const minimal = { title: "Intro call", slug: "intro", lengthInMinutes: 30 };
const row = (id: number) => db.eventType.findUniqueOrThrow({ where: { id } });

describe("createEventType", () => {
  it("answers the event type with the stored defaults", async () => {
    const user = await makeUser();
    expect(await createEventType(sessionActor(user.id), minimal)).toStrictEqual({
      id: expect.any(Number),
      ownerId: user.id,
      title: "Intro call",
      slug: "intro",
      description: "",
      lengthInMinutes: 30,
      locations: [],
      hidden: false,
      minimumBookingNotice: 120,
      minimumCancellationNotice: 0,
      minimumRescheduleNotice: 0,
      beforeEventBuffer: 0,
      afterEventBuffer: 0,
      slotInterval: null,
      scheduleId: null,
      requiresConfirmation: false,
      onlyShowFirstAvailableSlot: false,
      metadata: {},
      bookingFields: expect.arrayContaining([
        expect.objectContaining({ slug: "name", required: true }),
        expect.objectContaining({ slug: "email", required: true }),
      ]),
      disableGuests: false,
      disableCancelling: false,
      disableRescheduling: false,
      recurrence: null,
      price: 0,
      currency: "usd",
      lockTimeZoneToggleOnBookingPage: false,
      forwardParamsSuccessRedirect: null,
      successRedirectUrl: null,
      isInstantEvent: false,
      bookingRequiresAuthentication: false,
      users: [user.username],
      bookingUrl: `${env().APP_URL.replace(/\/$/, "")}/${user.username}/intro`,
    });
  });

  it("stores every field of the write shape", async () => {
    const user = await makeUser();
    const schedule = await createSchedule(sessionActor(user.id), { name: "Work", timeZone: "UTC" });
    const locations = [
      { type: "integration", integration: "google-meet" },
      { type: "address", address: "1 Main St", public: true },
      { type: "link", link: "https://meet.example.test/x" },
      { type: "phone", phone: "+14155550123", public: false },
      { type: "attendeePhone" },
    ] as const;
    const created = await createEventType(sessionActor(user.id), {
      ...minimal,
      slug: "Deep-Dive",
      description: "Long",
      locations: [...locations],
      hidden: true,
      minimumBookingNotice: 0,
      beforeEventBuffer: 5,
      afterEventBuffer: 10,
      slotInterval: 15,
      scheduleId: schedule.id,
      confirmationPolicy: { type: "always", blockUnconfirmedBookingsInBooker: true },
      bookingWindow: { type: "calendarDays", value: 30 },
      metadata: { source: "crm", priority: 2 },
    });
    expect(created).toMatchObject({
      slug: "deep-dive",
      locations,
      hidden: true,
      slotInterval: 15,
      scheduleId: schedule.id,
      requiresConfirmation: true,
      bookingWindow: [{ type: "calendarDays", value: 30, rolling: false }],
      metadata: { source: "crm", priority: 2 },
    });
    expect(await row(created.id)).toMatchObject({
      bookingWindowType: "CALENDAR_DAYS",
      bookingWindowDays: 30,
      requiresConfirmation: true,
      beforeEventBuffer: 5,
      afterEventBuffer: 10,
    });
  });

  it.each([
    { case: "lengthInMinutes 0", input: { lengthInMinutes: 0 }, path: "lengthInMinutes" },
    { case: "lengthInMinutes over a day", input: { lengthInMinutes: 1441 }, path: "lengthInMinutes" },
    { case: "fractional lengthInMinutes", input: { lengthInMinutes: 7.5 }, path: "lengthInMinutes" },
    { case: "a negative buffer", input: { beforeEventBuffer: -1 }, path: "beforeEventBuffer" },
    { case: "a negative notice", input: { minimumBookingNotice: -5 }, path: "minimumBookingNotice" },
    { case: "a slug with spaces", input: { slug: "intro call" }, path: "slug" },
    { case: "an app-prefixed integration", input: { locations: [{ type: "integration", integration: "integrations:zoom" }] }, path: "locations.0.integration" },
    { case: "an unknown location type", input: { locations: [{ type: "carrier-pigeon" }] }, path: "locations.0.type" },
    { case: "a zero-day booking window", input: { bookingWindow: { type: "businessDays", value: 0 } }, path: "bookingWindow.value" },
    { case: "a notice-threshold policy without its threshold", input: { confirmationPolicy: { type: "time" } }, path: "confirmationPolicy" },
    { case: "contradicting confirmation fields", input: { requiresConfirmation: false, confirmationPolicy: { type: "always" } }, path: "confirmationPolicy" },
    { case: "an unsupported field", input: { unknownSetting: true }, path: "" },
    { case: "seats without their display settings", input: { seats: { seatsPerTimeSlot: 4 } }, path: "seats" },
    { case: "zero seats", input: { seats: { seatsPerTimeSlot: 0, showAttendeeInfo: false, showAvailabilityCount: true } }, path: "seats.seatsPerTimeSlot" },
  ])("refuses $case with a ZodError naming $path", async ({ input, path }) => {
    const user = await makeUser();
    const error = await rejectionOf(createEventType(sessionActor(user.id), { ...minimal, ...input } as never));
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.path.join("."))).toContain(path);
    expect(await db.eventType.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers a taken slug with CONFLICT; another user may use it", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    await createEventType(sessionActor(user.id), minimal);
    const error = await expectAppError(createEventType(sessionActor(user.id), { ...minimal, slug: "INTRO" }), "CONFLICT");
    expect(error.details).toEqual([{ path: "body.slug", message: expect.any(String) }]);
    await createEventType(sessionActor(other.id), minimal);
  });

  it("maps the unique index to CONFLICT when parallel creates race for one slug", async () => {
    const user = await makeUser();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => createEventType(sessionActor(user.id), minimal)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((result) => result.status === "rejected")) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT" });
    }
  });

  it("answers another user's schedule as scheduleId with NOT_FOUND", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const theirs = await createSchedule(sessionActor(other.id), { name: "Theirs", timeZone: "UTC" });
    const error = await expectAppError(createEventType(sessionActor(user.id), { ...minimal, scheduleId: theirs.id }), "NOT_FOUND");
    expect(error.details).toEqual([{ path: "body.scheduleId", message: expect.any(String) }]);
  });
});

describe("reading, updating and deleting", () => {
  it("lists only the caller's event types, paginated", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const first = await createEventType(sessionActor(user.id), minimal);
    const second = await createEventType(sessionActor(user.id), { ...minimal, slug: "second" });
    await createEventType(sessionActor(other.id), minimal);
    expect(await listEventTypes(sessionActor(user.id), { take: 10, skip: 0 })).toEqual({ items: [first, second], totalItems: 2 });
    expect(await listEventTypes(sessionActor(user.id), { take: 1, skip: 1 })).toEqual({ items: [second], totalItems: 2 });
  });

  it("applies a partial update and clears the booking window with {disabled: true}", async () => {
    const user = await makeUser();
    const created = await createEventType(sessionActor(user.id), {
      ...minimal,
      bookingWindow: { type: "calendarDays", value: 10 },
      requiresConfirmation: true,
    });
    const updated = await updateEventType(sessionActor(user.id), created.id, {
      title: "Renamed",
      bookingWindow: { disabled: true },
      confirmationPolicy: { disabled: true },
    });
    const { bookingWindow: _cleared, confirmationPolicy: _none, ...unlimited } = created;
    expect(updated).toStrictEqual({ ...unlimited, title: "Renamed", requiresConfirmation: false });
    expect(await updateEventType(sessionActor(user.id), created.id, { slug: "intro" })).toMatchObject({ slug: "intro" });
  });

  it("refuses an invalid or conflicting update and changes nothing", async () => {
    const user = await makeUser();
    const created = await createEventType(sessionActor(user.id), minimal);
    await createEventType(sessionActor(user.id), { ...minimal, slug: "taken" });
    const before = await row(created.id);
    expect(await rejectionOf(updateEventType(sessionActor(user.id), created.id, { title: "New", lengthInMinutes: 0 }))).toBeInstanceOf(ZodError);
    await expectAppError(updateEventType(sessionActor(user.id), created.id, { title: "New", slug: "taken" }), "CONFLICT");
    await expectAppError(updateEventType(sessionActor(user.id), created.id, { title: "New", scheduleId: 2_000_000_000 }), "NOT_FOUND");
    expect(await row(created.id)).toEqual(before);
  });

  it("answers another user's event type with NOT_FOUND for get, update and delete", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const theirs = await createEventType(sessionActor(other.id), minimal);
    await expectAppError(getEventType(sessionActor(user.id), theirs.id), "NOT_FOUND");
    await expectAppError(updateEventType(sessionActor(user.id), theirs.id, { title: "Mine" }), "NOT_FOUND");
    await expectAppError(deleteEventType(sessionActor(user.id), theirs.id), "NOT_FOUND");
    expect(await getEventType(sessionActor(other.id), theirs.id)).toEqual(theirs);
  });

  it("deletes and answers the DeleteData shape", async () => {
    const user = await makeUser();
    const created = await createEventType(sessionActor(user.id), minimal);
    expect(await deleteEventType(sessionActor(user.id), created.id)).toEqual({ id: created.id, lengthInMinutes: 30, title: "Intro call", slug: "intro" });
    await expectAppError(getEventType(sessionActor(user.id), created.id), "NOT_FOUND");
  });
});

describe("lengthInMinutesOptions", () => {
  const options = (lengthInMinutes: number, lengthInMinutesOptions: unknown) =>
    ({ ...minimal, slug: `var-${Math.random().toString(36).slice(2, 8)}`, lengthInMinutes, lengthInMinutesOptions }) as Parameters<typeof createEventType>[1];

  it("stores the options ascending (numbers or the peer's numeric strings) and returns them; left out when none", async () => {
    const user = await makeUser();
    const created = await createEventType(sessionActor(user.id), options(30, [60, "15", 30]));
    expect(created.lengthInMinutesOptions).toEqual([15, 30, 60]);
    expect((await row(created.id)).lengthInMinutesOptions).toEqual([15, 30, 60]);
    expect(await createEventType(sessionActor(user.id), minimal)).not.toHaveProperty("lengthInMinutesOptions");
  });

  it("refuses options without lengthInMinutes, repeated, non-positive or too many, naming the field", async () => {
    const user = await makeUser();
    for (const bad of [[15, 60], [30, 30], [0, 30], [30, 1441], ["abc", 30], Array.from({ length: 21 }, (_, index) => index + 30)]) {
      const error = await rejectionOf(createEventType(sessionActor(user.id), options(30, bad)));
      expect(error, JSON.stringify(bad)).toBeInstanceOf(ZodError);
      expect((error as ZodError).issues[0]!.path[0]).toBe("lengthInMinutesOptions");
    }
    expect(await db.eventType.count({ where: { userId: user.id } })).toBe(0);
  });

  it("checks a partial update against what is stored: the default must stay among the options", async () => {
    const user = await makeUser();
    const { id } = await createEventType(sessionActor(user.id), options(30, [30, 60]));
    const newLength = await expectAppError(updateEventType(sessionActor(user.id), id, { lengthInMinutes: 45 }), "BAD_REQUEST");
    expect(newLength.details).toEqual([expect.objectContaining({ path: "body.lengthInMinutes" })]);
    const newOptions = await expectAppError(updateEventType(sessionActor(user.id), id, { lengthInMinutesOptions: [15, 60] }), "BAD_REQUEST");
    expect(newOptions.details).toEqual([expect.objectContaining({ path: "body.lengthInMinutesOptions" })]);
    expect(await updateEventType(sessionActor(user.id), id, { lengthInMinutes: 60 })).toMatchObject({ lengthInMinutes: 60, lengthInMinutesOptions: [30, 60] });
    expect(await updateEventType(sessionActor(user.id), id, { lengthInMinutesOptions: [] })).not.toHaveProperty("lengthInMinutesOptions");
  });
});

describe("seats", () => {
  const seats = { seatsPerTimeSlot: 12, showAttendeeInfo: false, showAvailabilityCount: true };

  it("stores the peer's seats, reads them back with the older fields, and turns them off with {disabled: true}", async () => {
    const actor = sessionActor((await makeUser()).id);
    const created = await createEventType(actor, { ...minimal, seats });
    expect(created).toMatchObject({ seats, seatsPerTimeSlot: 12, seatsShowAvailabilityCount: true });
    expect(await row(created.id)).toMatchObject({ seatsPerTimeSlot: 12, seatsShowAttendees: false, seatsShowAvailabilityCount: true });
    const updated = await updateEventType(actor, created.id, { seats: { ...seats, showAttendeeInfo: true } });
    expect(updated.seats).toEqual({ ...seats, showAttendeeInfo: true });
    const off = await updateEventType(actor, created.id, { seats: { disabled: true } });
    expect(off).not.toHaveProperty("seats");
    expect(off).not.toHaveProperty("seatsPerTimeSlot");
  });

  it("refuses seats with confirmation, on create and against what is stored, and changes nothing", async () => {
    const actor = sessionActor((await makeUser()).id);
    await expectAppError(createEventType(actor, { ...minimal, seats, requiresConfirmation: true }), "BAD_REQUEST");
    const confirmed = await createEventType(actor, { ...minimal, slug: "confirmed", requiresConfirmation: true });
    const error = await expectAppError(updateEventType(actor, confirmed.id, { seats }), "BAD_REQUEST");
    expect(error.details).toEqual([{ path: "body.seats", message: expect.any(String) }]);
    expect((await row(confirmed.id)).seatsPerTimeSlot).toBeNull();
  });

  it("takes seats with a recurrence, on create and on update (a seated series: docs/recurring-and-seated.md)", async () => {
    const actor = sessionActor((await makeUser()).id);
    const recurrence = { frequency: "weekly", interval: 1, occurrences: 4 } as const;
    const both = await createEventType(actor, { ...minimal, seats, recurrence });
    expect((await row(both.id)).seatsPerTimeSlot).toBe(seats.seatsPerTimeSlot);
    const recurring = await createEventType(actor, { ...minimal, slug: "weekly", recurrence });
    await updateEventType(actor, recurring.id, { seats });
    expect((await row(recurring.id)).seatsPerTimeSlot).toBe(seats.seatsPerTimeSlot);
  });
});
