/**
 * Routing forms end to end on one database (routing-forms.test.ts on PostgreSQL, routing-forms.embedded.test.ts on the
 * embedded PGlite): a submission stores its response and FORM_SUBMITTED in one go and routes by its rules; a booking
 * that follows it records itself on the response; FORM_SUBMITTED_NO_EVENT fires once, and only when no booking came;
 * a team's round robin is narrowed to the members whose attribute matches an answer, for the slots and the booking;
 * a form reaches only the owner's event types and its owner's readers. Modules are imported inside the cases: the
 * embedded file points the database at PGlite first.
 */
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";

const SLOW = { timeout: 90_000 };
const noKey = { idempotencyKey: null };

async function load() {
  const [client, factories, teams, create, service, responses, events, actor, messages] = await Promise.all([
    import("../db/client"),
    import("../../prisma/scheduling-factories"),
    import("../../prisma/team-factories"),
    import("../bookings/create"),
    import("./routing-form.service"),
    import("./routing-responses.service"),
    import("./routing-form-events"),
    import("../auth/actor"),
    import("../webhooks/webhook-messages"),
  ]);
  return { ...client, ...factories, ...teams, ...create, ...service, ...responses, ...events, ...actor, ...messages };
}
type Loaded = Awaited<ReturnType<typeof load>>;

const question = (identifier: string, type: string, options: string[] = [], required = false) => ({
  id: randomUUID(),
  identifier,
  label: identifier[0]!.toUpperCase() + identifier.slice(1),
  type,
  options,
  required,
});

/** The first half-hour boundary a day from now: within a host who works all day. */
const tomorrow = () => new Date(Math.ceil((Date.now() + 24 * 3_600_000) / 1_800_000) * 1_800_000);
const ALL_DAY = { startMinute: 0, endMinute: 24 * 60 };

async function personalForm(m: Loaded) {
  const { host, eventType } = await m.makeHostWithEventType({
    hours: ALL_DAY,
    eventType: { bookingFields: [{ type: "text", slug: "company", label: "Company" }] },
  });
  const team = question("team", "select", ["Sales", "Support"], true);
  const seats = question("seats", "number");
  const company = question("company", "text");
  const form = await m.createRoutingForm(m.sessionActor(host.id), { kind: "user" }, {
    name: "Intake",
    fields: [team, seats, company],
    routes: [
      {
        id: randomUUID(),
        action: { type: "eventType", eventTypeId: eventType.id },
        conditions: [
          { field: team.id, operator: "equals", value: "Sales" },
          { field: seats.id, operator: "between", min: 10 },
        ],
      },
      {
        id: randomUUID(),
        action: { type: "externalRedirectUrl", url: "https://help.example.test/start" },
        conditions: [{ field: team.id, operator: "equals", value: "Support" }],
      },
      { id: randomUUID(), action: { type: "customPageMessage", message: "We will write to you." }, isFallback: true },
    ],
  } as never);
  return { host, eventType, form };
}

export function routingFormCases() {
  it("routes a submission by its rules, stores the response with FORM_SUBMITTED, and carries the answers to the booking page", SLOW, async () => {
    const m = await load();
    const { host, eventType, form } = await personalForm(m);
    const sales = await m.submitRoutingForm(form.id, { team: "Sales", seats: "25", company: "Acme" });
    expect(sales.destination).toMatchObject({ type: "eventType", eventTypeId: eventType.id });
    const path = new URL(sales.destination.type === "eventType" ? sales.destination.path : "", "http://x");
    expect(path.pathname).toBe(`/${host.username}/${eventType.slug}`);
    expect(Object.fromEntries(path.searchParams)).toEqual({ team: "Sales", seats: "25", company: "Acme", routingFormResponseId: String(sales.responseId) });

    const support = await m.submitRoutingForm(form.id, { team: "Support" });
    expect(support.destination).toEqual({ type: "externalRedirectUrl", url: "https://help.example.test/start?team=Support" });
    const small = await m.submitRoutingForm(form.id, { team: "Sales", seats: 3 });
    expect(small.destination).toEqual({ type: "customPageMessage", message: "We will write to you." });
    await expect(m.submitRoutingForm(form.id, { seats: "many" })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    const stored = await m.db.routingFormResponse.findUniqueOrThrow({ where: { id: sales.responseId } });
    // By question id, in the peer's {label, value}; jsonb keeps keys in its own order.
    expect(Object.values(stored.response as object).map(({ value }) => value)).toEqual(expect.arrayContaining(["Sales", 25, "Acme"]));
    const event = await m.db.domainEvent.findFirstOrThrow({
      where: { type: "FORM_SUBMITTED", userIds: { has: host.id }, payload: { path: ["responseId"], equals: sales.responseId } },
    });
    expect(event.payload).toMatchObject({
      formId: form.id,
      formName: "Intake",
      teamId: null,
      responses: { team: { value: "Sales", response: "Sales" }, seats: { value: 25 } },
      redirect: { type: "eventTypeRedirectUrl", eventTypeId: eventType.id },
    });
  });

  it("records the booking that follows a response, and fires FORM_SUBMITTED_NO_EVENT once for one that none followed", SLOW, async () => {
    const m = await load();
    const { eventType, form } = await personalForm(m);
    const booked = await m.submitRoutingForm(form.id, { team: "Sales", seats: 40, company: "Acme" });
    const idle = await m.submitRoutingForm(form.id, { team: "Sales", seats: 40 });
    const attendee = { name: "Ada Lovelace", email: `ada-${randomUUID()}@example.test`, timeZone: "UTC", language: "en" as const };
    const { booking } = await m.createBooking(
      null,
      { eventTypeId: eventType.id, start: tomorrow(), attendee, bookingFieldsResponses: { company: "Acme" }, routing: { responseId: booked.responseId } },
      noKey,
    );
    expect((await m.db.routingFormResponse.findUniqueOrThrow({ where: { id: booked.responseId } })).routedToBookingUid).toBe(booking.uid);
    await expect(
      m.createBooking(
        null,
        { eventTypeId: eventType.id, start: new Date(tomorrow().getTime() + 3_600_000), attendee, routing: { responseId: booked.responseId } },
        noKey,
      ),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });

    const jobs = await m.db.$queryRawUnsafe<{ data: { responseId: number; eventId: string }; start_after: Date }[]>(
      `SELECT data, start_after FROM pgboss.job WHERE name = 'routing-form.no-booking' AND (data->>'responseId')::int = ANY($1::int[]) ORDER BY (data->>'responseId')::int`,
      [booked.responseId, idle.responseId],
    );
    expect(jobs).toHaveLength(2);
    expect(jobs[0]!.start_after.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    for (const job of jobs) await Promise.all([m.notifyNoBooking(job.data), m.notifyNoBooking(job.data)]);
    const fired = await m.db.domainEvent.findMany({ where: { type: "FORM_SUBMITTED_NO_EVENT", payload: { path: ["formId"], equals: form.id } } });
    expect(fired.map(({ payload }) => (payload as { responseId: number }).responseId)).toEqual([idle.responseId]);
  });

  it("narrows a team's round robin to the members whose attribute matches an answer, for the slots and the booking", SLOW, async () => {
    const m = await load();
    const { team, eventType, hostIds } = await m.makeTeamEventType({ hosts: 3, schedulingType: "ROUND_ROBIN", hours: ALL_DAY });
    const regions = ["EMEA", "AMER", "EMEA"];
    for (const [index, userId] of hostIds.entries())
      await m.db.membership.update({ where: { teamId_userId: { teamId: team.id, userId } }, data: { attributes: { region: regions[index]! } } });
    const region = question("region", "radio", ["EMEA", "AMER", "APAC"], true);
    const owner = m.sessionActor(hostIds[0]!);
    const form = await m.createRoutingForm(owner, { kind: "team", teamId: team.id }, {
      name: "Sales by region",
      fields: [region],
      routes: [
        { id: randomUUID(), action: { type: "eventType", eventTypeId: eventType.id, members: { kind: "attribute", attribute: "region", field: region.id } } },
      ],
    } as never);

    const amer = await m.submitRoutingForm(form.id, { region: "AMER" });
    expect(amer.destination).toMatchObject({ type: "eventType", teamMemberIds: [hostIds[1]] });
    expect((amer.destination as { path: string }).path).toMatch(new RegExp(`^/team/${team.slug}/${eventType.slug}\\?region=AMER&routingFormResponseId=`));
    const start = tomorrow();
    const attendee = { name: "Grace", email: `grace-${randomUUID()}@example.test`, timeZone: "UTC", language: "en" as const };
    // Unnarrowed, round robin would take the lowest id among equals (hostIds[0]): AMER alone leaves hostIds[1].
    const { booking } = await m.createBooking(null, { eventTypeId: eventType.id, start, attendee, routing: { responseId: amer.responseId } }, noKey);
    expect(booking.hosts.map(({ id }) => id)).toEqual([hostIds[1]]);

    const apac = await m.submitRoutingForm(form.id, { region: "APAC" });
    expect(apac.destination).toMatchObject({ type: "eventType", teamMemberIds: [] });
    const slots = await m.calculateRoutedSlots(form.id, { region: "EMEA" }, {
      start,
      end: new Date(start.getTime() + 3_600_000),
      timeZone: "UTC",
      format: "time",
    } as never);
    expect(slots.eventTypeId).toBe(eventType.id);
  });

  it("keeps a form to its owner's event types and readers, and hands FORM_SUBMITTED to the author's webhooks", SLOW, async () => {
    const m = await load();
    const { host, form } = await personalForm(m);
    const stranger = await m.makeHostWithEventType();
    await expect(
      m.createRoutingForm(m.sessionActor(host.id), { kind: "user" }, {
        name: "Theft",
        routes: [{ id: randomUUID(), action: { type: "eventType", eventTypeId: stranger.eventType.id } }],
      } as never),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(m.getRoutingForm(m.sessionActor(stranger.host.id), { kind: "user" }, form.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(m.listRoutingFormResponses(m.sessionActor(stranger.host.id), { kind: "user" }, form.id, { take: 10, skip: 0 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const hook = await m.db.webhook.create({
      data: { userId: host.id, subscriberUrl: "http://127.0.0.1:9/hook", triggers: ["FORM_SUBMITTED"], secretEncrypted: "unused" },
    });
    const { responseId } = await m.submitRoutingForm(form.id, { team: "Support" });
    const event = await m.db.domainEvent.findFirstOrThrow({ where: { type: "FORM_SUBMITTED", payload: { path: ["responseId"], equals: responseId } } });
    const { readDomainEvent } = await import("../events/domain-events");
    await m.messagesForEvent(readDomainEvent(event));
    const [message, ...others] = await m.db.webhookMessage.findMany({ where: { webhookId: hook.id } });
    expect(others).toEqual([]);
    expect(message!.payload).toMatchObject({
      triggerEvent: "FORM_SUBMITTED",
      payload: { formId: form.id, formName: "Intake", responses: { team: { value: "Support" } }, redirect: { type: "externalRedirectUrl" } },
    });
    const listed = await m.listRoutingFormResponses(m.sessionActor(host.id), { kind: "user" }, form.id, { take: 10, skip: 0 });
    expect(listed.items.map(({ id }) => id)).toEqual([responseId]);
  });

  it("limits a visitor's submissions per network address, and a refused one stores nothing and tells nobody", SLOW, async () => {
    const m = await load();
    const { quotaOf } = await import("../security/rate-limits");
    const { form } = await personalForm(m);
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}:${randomUUID()}`;
    for (let i = 0; i < quotaOf("ROUTING_FORM_SUBMISSIONS_PER_ADDRESS"); i++) await m.submitRoutingFormFrom(address, form.id, { team: "Support" });
    const stored = await m.db.routingFormResponse.count({ where: { formId: form.id } });
    const events = await m.db.domainEvent.count({ where: { type: "FORM_SUBMITTED" } });
    await expect(m.submitRoutingFormFrom(address, form.id, { team: "Support" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(await m.db.routingFormResponse.count({ where: { formId: form.id } })).toBe(stored);
    expect(await m.db.domainEvent.count({ where: { type: "FORM_SUBMITTED" } })).toBe(events);
    // Another address is not held back by this one.
    await expect(m.submitRoutingFormFrom(`${address}-other`, form.id, { team: "Support" })).resolves.toMatchObject({ responseId: expect.any(Number) });
  });
}
