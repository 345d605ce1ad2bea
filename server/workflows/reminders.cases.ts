/**
 * Workflow reminders end to end on one database (reminders.test.ts on PostgreSQL, reminders.embedded.test.ts on the
 * embedded PGlite): a booking's event makes its reminders and their pg-boss jobs; a reschedule moves them; a cancel
 * drops them; nothing is scheduled for a time already past; the job sends each reminder once, even when two run at
 * once; SMS reach Twilio's stand-in only for the number the attendee gave, and not after it answered STOP.
 * Modules are imported inside the cases: the embedded file points the database at PGlite first.
 */
import { expect, it } from "vitest";
import type { FakeTwilio } from "../../e2e/support/fake-twilio";

const MINUTE = 60_000;
/** The first case loads every module of the booking path; a busy machine takes its time. */
const SLOW = { timeout: 90_000 };
const noKey = { idempotencyKey: null };

async function load() {
  const [client, factories, create, lifecycle, events, schedule, send, service, actor, optOut] = await Promise.all([
    import("../db/client"),
    import("../../prisma/scheduling-factories"),
    import("../bookings/create"),
    import("../bookings/booking-lifecycle"),
    import("../events/domain-events"),
    import("./reminder-schedule"),
    import("./reminder-send"),
    import("./workflow.service"),
    import("../auth/actor"),
    import("../sms/sms-opt-out"),
  ]);
  return { ...client, ...factories, ...create, ...lifecycle, ...events, ...schedule, ...send, ...service, ...actor, ...optOut };
}
type Loaded = Awaited<ReturnType<typeof load>>;

/** The first half-hour boundary at least `minutes` from now: a slot of a host who works all day. */
const slotAhead = (minutes: number) => new Date(Math.ceil((Date.now() + minutes * MINUTE) / (30 * MINUTE)) * 30 * MINUTE);

/** Runs the workflows subscriber on every event of the booking not yet handled (as its job would). */
async function handleEvents(m: Loaded, bookingIds: number[], seen: Set<string>) {
  const rows = await m.db.domainEvent.findMany({ where: { bookingId: { in: bookingIds } }, orderBy: { sequence: "asc" } });
  for (const row of rows.filter(({ id }) => !seen.has(id))) {
    seen.add(row.id);
    await m.scheduleWorkflowReminders(m.readDomainEvent(row));
  }
}

async function world(m: Loaded, steps: object[], trigger: object = { type: "beforeEvent", offset: { value: 60, unit: "minute" } }) {
  const { host, eventType } = await m.makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 }, timeZone: "UTC" });
  await m.db.user.update({ where: { id: host.id }, data: { timeZone: "America/New_York" } });
  const workflow = await m.createWorkflow(
    m.sessionActor(host.id),
    { kind: "user" },
    {
      name: "An hour before",
      activation: { isActiveOnAllEventTypes: false, activeOnEventTypeIds: [eventType.id] },
      trigger: trigger as never,
      steps: steps as never,
    },
  );
  return { host, eventType, workflow };
}

const emailAttendee = {
  action: "email_attendee",
  stepNumber: 1,
  template: "reminder",
  sender: "Convene",
  includeCalendarEvent: false,
  message: {
    subject: "Soon: {EVENT_NAME} at {EVENT_TIME} {TIMEZONE}",
    html: "<p>Hi {ATTENDEE}, {EVENT_NAME} starts {EVENT_DATE_ddd D MMM, HH:mm}. Cancel: {CANCEL_URL}</p>",
  },
};
const smsAttendee = {
  action: "sms_attendee",
  stepNumber: 2,
  template: "reminder",
  sender: "Convene",
  message: { subject: "", text: "{EVENT_NAME} at {EVENT_TIME} ({TIMEZONE})" },
};

const remindersOf = (m: Loaded, bookingId: number) => m.db.workflowReminder.findMany({ where: { bookingId }, orderBy: { id: "asc" } });
const jobOf = async (m: Loaded, reminderId: number) =>
  (
    await m.db.$queryRawUnsafe<{ start_after: Date; state: string }[]>(
      `SELECT start_after, state FROM pgboss.job WHERE name = 'workflow.remind' AND (data->>'reminderId')::int = $1`,
      reminderId,
    )
  )[0];
const mailsTo = (m: Loaded, to: string) => m.db.queuedMail.findMany({ where: { to } });

export function reminderCases(twilio: () => FakeTwilio) {
  it("schedules an hour-before reminder as a job due at its time, sends it once in the attendee's zone, even from two workers at once", SLOW, async () => {
    const m = await load();
    const { eventType } = await world(m, [emailAttendee]);
    const start = slotAhead(70);
    const booker = { name: "Ada Lovelace", email: `ada-${start.getTime()}-${Math.random()}@example.test`, timeZone: "Asia/Tokyo", language: "en" as const };
    const { booking } = await m.createBooking(null, { eventTypeId: eventType.id, start, attendee: booker }, noKey);
    await handleEvents(m, [booking.id], new Set());

    const [reminder, ...others] = await remindersOf(m, booking.id);
    expect(others).toEqual([]);
    expect(reminder).toMatchObject({ status: "SCHEDULED", scheduledFor: new Date(start.getTime() - 60 * MINUTE) });
    expect((await jobOf(m, reminder!.id))?.start_after.getTime()).toBe(start.getTime() - 60 * MINUTE);

    await Promise.all([m.sendReminder({ reminderId: reminder!.id }), m.sendReminder({ reminderId: reminder!.id })]);
    await m.sendReminder({ reminderId: reminder!.id });
    const mails = await mailsTo(m, booker.email);
    expect(mails).toHaveLength(1);
    const tokyo = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Tokyo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(start);
    expect(mails[0]!.subject).toBe(`Soon: ${booking.title} at ${tokyo} Asia/Tokyo`);
    expect(mails[0]!.text).toContain(`Hi Ada Lovelace, ${booking.title} starts`);
    expect(mails[0]!.text).toContain(tokyo);
    expect(mails[0]!.text).toMatch(new RegExp(`Cancel: http\\S+/booking/${booking.uid}\\S*cancel`));
    expect(mails[0]!.html).toContain("<p>Hi Ada Lovelace");
    expect((await remindersOf(m, booking.id))[0]!.status).toBe("SENT");
  });

  it("moves the reminder when the booking is rescheduled and drops it when it is cancelled", SLOW, async () => {
    const m = await load();
    const { eventType } = await world(m, [emailAttendee]);
    const seen = new Set<string>();
    const { booking } = await m.createBooking(null, { eventTypeId: eventType.id, start: slotAhead(180), attendee: m.attendee() }, noKey);
    await handleEvents(m, [booking.id], seen);
    const [first] = await remindersOf(m, booking.id);

    const later = slotAhead(300);
    const moved = await m.rescheduleBooking(
      m.sessionActor((await m.db.bookingHost.findFirstOrThrow({ where: { bookingId: booking.id } })).userId),
      booking.uid,
      {
        start: later,
      },
    );
    const newId = (await m.db.booking.findUniqueOrThrow({ where: { uid: moved.uid } })).id;
    await handleEvents(m, [booking.id, newId], seen);
    expect((await remindersOf(m, booking.id)).map(({ status }) => status)).toEqual(["CANCELLED"]);
    const [next] = await remindersOf(m, newId);
    expect(next).toMatchObject({ status: "SCHEDULED", scheduledFor: new Date(later.getTime() - 60 * MINUTE) });
    // The old job wakes up and sends nothing.
    await m.sendReminder({ reminderId: first!.id });
    expect((await remindersOf(m, booking.id))[0]!.status).toBe("CANCELLED");

    const hostId = (await m.db.bookingHost.findFirstOrThrow({ where: { bookingId: newId } })).userId;
    await m.cancelBooking(m.sessionActor(hostId), moved.uid, { cancellationReason: "No longer needed" });
    await handleEvents(m, [newId], seen);
    expect((await remindersOf(m, newId)).map(({ status }) => status)).toEqual(["CANCELLED"]);
    await m.sendReminder({ reminderId: next!.id });
    const attendeeEmail = (await m.db.attendee.findFirstOrThrow({ where: { bookingId: newId } })).email;
    expect(await mailsTo(m, attendeeEmail)).toEqual([]);
  });

  it("schedules nothing whose time has passed: a booking 20 to 50 minutes ahead gets no hour-before reminder", SLOW, async () => {
    const m = await load();
    const { eventType } = await world(m, [emailAttendee]);
    // slotAhead(n) is the first half hour at least n minutes ahead: up to n + 30. With 31, a run in the minute before
    // a half hour booked 60.x minutes ahead, whose reminder was still due (CI at 19:29).
    const { booking } = await m.createBooking(null, { eventTypeId: eventType.id, start: slotAhead(20), attendee: m.attendee() }, noKey);
    await handleEvents(m, [booking.id], new Set());
    expect(await remindersOf(m, booking.id)).toEqual([]);
  });

  it("does not send a timed reminder whose booking moved without its event being handled yet", SLOW, async () => {
    const m = await load();
    const { eventType } = await world(m, [emailAttendee]);
    const { booking } = await m.createBooking(null, { eventTypeId: eventType.id, start: slotAhead(240), attendee: m.attendee() }, noKey);
    await handleEvents(m, [booking.id], new Set());
    const [reminder] = await remindersOf(m, booking.id);
    await m.db.booking.update({ where: { id: booking.id }, data: { status: "CANCELLED" } });
    await m.sendReminder({ reminderId: reminder!.id });
    expect((await remindersOf(m, booking.id))[0]).toMatchObject({ status: "CANCELLED", detail: "The booking is cancelled" });
  });

  it("texts the number the attendee gave through Twilio's API, once, retries a provider outage, and honours STOP", SLOW, async () => {
    const m = await load();
    const { eventType } = await world(m, [smsAttendee]);
    const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
    const booker = { ...m.attendee("Katherine Johnson"), phoneNumber: phone, timeZone: "America/Los_Angeles" };
    const { booking } = await m.createBooking(null, { eventTypeId: eventType.id, start: slotAhead(120), attendee: booker }, noKey);
    await handleEvents(m, [booking.id], new Set());
    const [reminder] = await remindersOf(m, booking.id);

    twilio().failNext(1, 503);
    await expect(m.sendReminder({ reminderId: reminder!.id })).rejects.toThrow(/503/);
    expect((await remindersOf(m, booking.id))[0]!.status).toBe("SENDING");
    await m.sendReminder({ reminderId: reminder!.id });
    await m.sendReminder({ reminderId: reminder!.id });
    const texts = twilio()
      .messages()
      .filter(({ to }) => to === phone);
    expect(texts).toHaveLength(1);
    const local = new Intl.DateTimeFormat("en-GB", { timeZone: "America/Los_Angeles", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      new Date(booking.start),
    );
    expect(texts[0]!.body).toBe(`${booking.title} at ${local} (America/Los_Angeles)`);
    expect((await remindersOf(m, booking.id))[0]!.status).toBe("SENT");

    // The attendee answered STOP: the next booking's reminder is not sent to that number.
    await m.recordOptOut(phone);
    const second = await m.createBooking(null, { eventTypeId: eventType.id, start: slotAhead(600), attendee: booker }, noKey);
    await handleEvents(m, [second.booking.id], new Set());
    const [again] = await remindersOf(m, second.booking.id);
    await m.sendReminder({ reminderId: again!.id });
    expect((await remindersOf(m, second.booking.id))[0]).toMatchObject({ status: "SKIPPED", detail: "Every attendee's number opted out of SMS" });
    expect(
      twilio()
        .messages()
        .filter(({ to }) => to === phone),
    ).toHaveLength(1);
  });

  it("schedules a new workflow's reminders for the upcoming bookings it applies to, and drops them when it changes", SLOW, async () => {
    const m = await load();
    const { host, eventType } = await m.makeHostWithEventType({ hours: { startMinute: 0, endMinute: 24 * 60 } });
    const { booking } = await m.createBooking(null, { eventTypeId: eventType.id, start: slotAhead(600), attendee: m.attendee() }, noKey);
    const workflow = await m.createWorkflow(
      m.sessionActor(host.id),
      { kind: "user" },
      {
        name: "Day before",
        activation: { isActiveOnAllEventTypes: true, activeOnEventTypeIds: [] },
        trigger: { type: "beforeEvent", offset: { value: 2, unit: "hour" } },
        steps: [emailAttendee] as never,
      },
    );
    expect(await remindersOf(m, booking.id)).toMatchObject([{ status: "SCHEDULED", scheduledFor: new Date(new Date(booking.start).getTime() - 120 * MINUTE) }]);
    await m.updateWorkflow(m.sessionActor(host.id), { kind: "user" }, workflow.id, { trigger: { type: "afterEvent", offset: { value: 1, unit: "hour" } } });
    expect((await remindersOf(m, booking.id)).map(({ status, scheduledFor }) => [status, scheduledFor.getTime()])).toEqual([
      ["CANCELLED", new Date(booking.start).getTime() - 120 * MINUTE],
      ["SCHEDULED", new Date(booking.end).getTime() + 60 * MINUTE],
    ]);
  });
}
