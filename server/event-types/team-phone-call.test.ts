/** create-phone-call against a loopback provider speaking Retell's shape; unconfigured and failing providers. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { sessionActor } from "../auth/actor";
import { disconnectDb } from "../db/client";
import { createTeamEventType } from "./team-event-type.service";
import { createPhoneCall, phoneCallProviderOf } from "./team-phone-call";

type Received = { authorization?: string; body: Record<string, unknown> };
const received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: {} };
let baseUrl = "";

const server = http.createServer((request, response) => {
  let text = "";
  request.on("data", (chunk) => (text += chunk));
  request.on("end", () => {
    if (request.url !== "/v2/create-phone-call") return response.writeHead(404).end();
    received.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
    response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await disconnectDb();
});

const call = {
  yourPhoneNumber: "+14155550100",
  numberToCall: "+14155550199",
  calApiKey: "cal_live_never_forwarded",
  enabled: true as const,
  templateType: "CHECK_IN_APPOINTMENT" as const,
  guestName: "Ada",
};

async function teamEventType() {
  const world = await makeTenancyWorld();
  const admin = sessionActor(world.users.admin.id);
  const eventType = await createTeamEventType(admin, world.team.id, { title: "Check-in", slug: "check-in", lengthInMinutes: 20, schedulingType: "collective" });
  return { ...world, admin, eventType };
}

describe("createPhoneCall", () => {
  it("places the call with the provider's key and agent, passes the event type on, and never forwards calApiKey", async () => {
    const { team, admin, eventType } = await teamEventType();
    answer = { status: 201, body: { call_id: "call_123", agent_id: "agent_9", call_status: "registered" } };
    const provider = phoneCallProviderOf({ PHONE_CALL_API_URL: `${baseUrl}/`, PHONE_CALL_API_KEY: "provider-key", PHONE_CALL_AGENT_ID: "agent_9" });
    expect(await createPhoneCall(admin, team.id, eventType.id, call, provider)).toEqual({ callId: "call_123", agentId: "agent_9" });
    const sent = received.at(-1)!;
    expect(sent.authorization).toBe("Bearer provider-key");
    expect(sent.body).toEqual({
      from_number: "+14155550100",
      to_number: "+14155550199",
      override_agent_id: "agent_9",
      retell_llm_dynamic_variables: {
        templateType: "CHECK_IN_APPOINTMENT",
        guestName: "Ada",
        eventTypeId: String(eventType.id),
        eventTypeTitle: "Check-in",
        eventLength: "20 minutes",
      },
    });
    expect(JSON.stringify(sent)).not.toContain("cal_live_never_forwarded");
  });

  it("answers 400 when no provider is configured, 502 when the provider fails, 404 for another team's event type", async () => {
    const { team, admin, eventType, otherTeam, users } = await teamEventType();
    expect(phoneCallProviderOf({ PHONE_CALL_API_URL: baseUrl, PHONE_CALL_API_KEY: undefined, PHONE_CALL_AGENT_ID: undefined })).toBeNull();
    const unconfigured = await expectAppError(createPhoneCall(admin, team.id, eventType.id, call, null), "BAD_REQUEST");
    expect(unconfigured.message).toContain("not configured");
    const provider = { baseUrl, apiKey: "provider-key" };
    answer = { status: 422, body: { message: "from_number is not a number you own" } };
    const refused = await expectAppError(createPhoneCall(admin, team.id, eventType.id, call, provider), "BAD_GATEWAY");
    expect(refused.message).toContain("from_number is not a number you own");
    await expectAppError(createPhoneCall(admin, team.id, eventType.id, call, { baseUrl: "http://127.0.0.1:9", apiKey: "k" }), "BAD_GATEWAY");
    const sentBefore = received.length;
    await expectAppError(createPhoneCall(sessionActor(users.outsider.id), otherTeam.id, eventType.id, call, provider), "NOT_FOUND");
    expect(received.length).toBe(sentBefore);
  });
});
