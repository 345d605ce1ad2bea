/**
 * Routing forms over HTTP, on PostgreSQL and the embedded database (@embedded): a team form made through the API, the
 * peer's organization routes answering in its shapes (each 2xx body held to the peer's schema with ajv), a response
 * routed by its rules to a round robin narrowed to the member whose attribute matches, the booking that follows it
 * recorded on the response, calculate-slots, and FORM_SUBMITTED delivered to the organization's webhook.
 */
import { randomBytes } from "node:crypto";
import { makeApiKey, makeUser } from "../../prisma/factories";
import { makeTeamEventType } from "../../prisma/team-factories";
import { db } from "../../server/db/client";
import { V } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";
import { send } from "../support/peer/conformance";
import { webhookReceiverForFile } from "../support/webhook-receiver";

const receiver = webhookReceiverForFile();
const ORG = "/v2/organizations/{orgId}";
const OT = `${ORG}/teams/{teamId}`;
const REGION = "00000000-0000-4000-8000-0000000000a1";
const COMPANY = "00000000-0000-4000-8000-0000000000a2";

/** The first half-hour a day ahead: the hosts work all day. */
const tomorrow = () => new Date(Math.ceil((Date.now() + 24 * 3_600_000) / 1_800_000) * 1_800_000);
const day = (date: Date) => date.toISOString().slice(0, 10);

async function world() {
  const { team, eventType, hostIds } = await makeTeamEventType({ hosts: 3, schedulingType: "ROUND_ROBIN", hours: { startMinute: 0, endMinute: 24 * 60 } });
  const org = await db.team.create({ data: { name: "Acme", slug: `acme-${randomBytes(4).toString("hex")}`, isOrganization: true } });
  await db.team.update({ where: { id: team.id }, data: { parentId: org.id } });
  const admin = await makeUser();
  await db.membership.create({ data: { teamId: org.id, userId: admin.id, role: "ADMIN", accepted: true } });
  for (const [index, userId] of hostIds.entries())
    await db.membership.update({ where: { teamId_userId: { teamId: team.id, userId } }, data: { attributes: { region: ["EMEA", "AMER", "EMEA"][index]! } } });
  const headers = { authorization: `Bearer ${await makeApiKey(admin.id)}` };
  return { org, team, eventType, hostIds, headers, orgUrl: `/v2/organizations/${org.id}`, teamUrl: `/v2/organizations/${org.id}/teams/${team.id}` };
}

test(
  "a team form routes by its rules over the peer's routes, the booking carries the routing, FORM_SUBMITTED is delivered",
  { tag: "@embedded" },
  async ({ request }) => {
    const w = await world();
    const path = `/form-${w.org.id}`;
    const hook = await request.post(`${w.orgUrl}/webhooks`, {
      headers: w.headers,
      data: { subscriberUrl: receiver().url(path), triggers: ["FORM_SUBMITTED"], active: true },
    });
    expect(hook.status(), await hook.text()).toBe(201);

    const created = await request.post(`/v2/teams/${w.team.id}/routing-forms`, {
      headers: w.headers,
      data: {
        name: "Sales by region",
        fields: [
          { id: REGION, type: "radio", label: "Region", identifier: "region", required: true, options: ["EMEA", "AMER", "APAC"] },
          { id: COMPANY, type: "text", label: "Company", identifier: "company" },
        ],
        routes: [
          {
            id: "00000000-0000-4000-8000-0000000000b1",
            action: { type: "eventType", eventTypeId: w.eventType.id, members: { kind: "attribute", attribute: "region", field: REGION } },
            conditions: [{ field: REGION, operator: "anyOf", values: ["EMEA", "AMER"] }],
          },
          { id: "00000000-0000-4000-8000-0000000000b2", action: { type: "customPageMessage", message: "We cover APAC by e-mail." }, isFallback: true },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const formId = (await created.json()).data.id as string;

    const listed = await send(request, `GET ${ORG}/routing-forms`, `${w.orgUrl}/routing-forms`, { headers: w.headers });
    expect(listed.data.map((form: { id: string }) => form.id)).toEqual([formId]);
    await send(request, `GET ${OT}/routing-forms`, `${w.teamUrl}/routing-forms`, { headers: w.headers });

    const start = tomorrow();
    const query = { start: day(start), end: day(new Date(start.getTime() + 86_400_000)) };
    const amer = await send(request, `POST ${ORG}/routing-forms/{routingFormId}/responses`, `${w.orgUrl}/routing-forms/${formId}/responses`, {
      headers: w.headers,
      query,
      data: { region: "AMER", company: "Acme" },
    });
    expect(amer.data).toMatchObject({ eventTypeId: w.eventType.id, routing: { teamMemberIds: [w.hostIds[1]] } });
    expect(Object.keys(amer.data.slots).length).toBeGreaterThan(0);
    const apac = await send(request, `POST ${OT}/routing-forms/{routingFormId}/responses`, `${w.teamUrl}/routing-forms/${formId}/responses`, {
      headers: w.headers,
      query,
      data: { region: "APAC" },
    });
    expect(apac.data).toEqual({ routingCustomMessage: "We cover APAC by e-mail." });

    // Round robin would take the lowest id among equals; the route's choice books the AMER member.
    const booked = await request.post("/v2/bookings", {
      headers: { ...w.headers, ...V },
      data: {
        eventTypeId: w.eventType.id,
        start: start.toISOString(),
        attendee: { name: "Ada", email: "ada@example.test", timeZone: "UTC" },
        routing: amer.data.routing,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = (await booked.json()).data;
    expect(booking.hosts.map(({ id }: { id: number }) => id)).toEqual([w.hostIds[1]]);

    const responses = await send(request, `GET ${OT}/routing-forms/{routingFormId}/responses`, `${w.teamUrl}/routing-forms/${formId}/responses`, {
      headers: w.headers,
      query: { routedToBookingUid: booking.uid },
    });
    expect(responses.data).toHaveLength(1);
    expect(responses.data[0]).toMatchObject({
      id: amer.data.routing.responseId,
      formId,
      routedToBookingUid: booking.uid,
      response: { [REGION]: { label: "Region", value: "AMER" } },
    });
    const patched = await send(
      request,
      `PATCH ${ORG}/routing-forms/{routingFormId}/responses/{responseId}`,
      `${w.orgUrl}/routing-forms/${formId}/responses/${amer.data.routing.responseId}`,
      {
        headers: w.headers,
        data: { response: { company: "Acme Ltd" } },
      },
    );
    expect(patched.data.response[COMPANY]).toEqual({ label: "Company", value: "Acme Ltd" });
    await send(request, `GET ${ORG}/routing-forms/{routingFormId}/responses`, `${w.orgUrl}/routing-forms/${formId}/responses`, {
      headers: w.headers,
      query: { routedToBookingUid: booking.uid },
    });

    const slots = await send(request, "POST /v2/routing-forms/{routingFormId}/calculate-slots", `/v2/routing-forms/${formId}/calculate-slots`, {
      headers: w.headers,
      query,
      data: { region: "EMEA" },
    });
    expect(slots.data.eventTypeId).toBe(w.eventType.id);

    const deliveries = await receiver().waitFor(path, 2, 30_000);
    const bodies = deliveries.map((delivery) => JSON.parse(delivery.body));
    expect(bodies.map((body) => body.triggerEvent)).toEqual(["FORM_SUBMITTED", "FORM_SUBMITTED"]);
    expect(bodies.map((body) => body.payload.responses.region.value).sort()).toEqual(["AMER", "APAC"]);
    expect(bodies.find((body) => body.payload.responses.region.value === "AMER").payload).toMatchObject({
      formId,
      formName: "Sales by region",
      teamId: w.team.id,
      redirect: { type: "eventTypeRedirectUrl", eventTypeId: w.eventType.id },
    });
  },
);

test("refusals change nothing: bad answers name their question, another organization's form is a 404", async ({ request }) => {
  const w = await world();
  const other = await world();
  const form = await db.routingForm.create({
    data: {
      teamId: w.team.id,
      userId: w.hostIds[0]!,
      name: "Intake",
      fields: [{ id: REGION, type: "number", label: "Seats", identifier: "seats", required: true, placeholder: "", options: [] }],
    },
  });
  const bad = await request.post(`${w.orgUrl}/routing-forms/${form.id}/responses?start=2050-01-01&end=2050-01-02`, {
    headers: w.headers,
    data: { seats: "many" },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.details).toEqual([expect.objectContaining({ path: "body.seats" })]);
  const foreign = await request.get(`${other.orgUrl}/routing-forms/${form.id}/responses`, { headers: other.headers });
  expect(foreign.status()).toBe(404);
  expect(await db.routingFormResponse.count({ where: { formId: form.id } })).toBe(0);
});
