/**
 * POST /v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call: an AI agent calls `numberToCall` about the
 * event type, placed through a provider speaking Retell AI's documented REST API (POST {base}/v2/create-phone-call,
 * Bearer key; from_number, to_number, override_agent_id, retell_llm_dynamic_variables → call_id, agent_id).
 * The request's `calApiKey` (the peer's field) is accepted and never used, forwarded or logged: the provider is
 * Convene's, configured by PHONE_CALL_API_URL / PHONE_CALL_API_KEY / PHONE_CALL_AGENT_ID.
 */
import { z } from "zod";
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { env, type TEnv } from "../env";
import { AppError } from "../errors";
import { log } from "../log";
import { requirePermission } from "../teams/team-roles";
import { teamEventTypesEditableBy } from "./event-type-access";
import { eventTypeNotFound } from "./event-type.service";

const ZPhoneNumber = z.string().regex(/^\+[1-9]\d{1,14}$/, "Must be an E.164 phone number such as +14155550123");

export const ZCreatePhoneCallInput = z
  .object({
    yourPhoneNumber: ZPhoneNumber.describe("The number the call comes from (one the provider holds for you)"),
    numberToCall: ZPhoneNumber.describe("The number to call"),
    calApiKey: z.string().min(1).max(500).describe("Accepted for the peer's request shape; Convene neither uses nor stores it"),
    enabled: z.literal(true, { message: "Convene places the call only with enabled: true" }).describe("Must be true"),
    templateType: z.enum(["CHECK_IN_APPOINTMENT", "CUSTOM_TEMPLATE"]).default("CUSTOM_TEMPLATE"),
    schedulerName: z.string().max(200).optional(),
    guestName: z.string().max(200).optional(),
    guestEmail: z.email().max(320).optional(),
    guestCompany: z.string().max(200).optional(),
    beginMessage: z.string().max(2000).optional(),
    generalPrompt: z.string().max(10_000).optional(),
  })
  .strict();
export type TCreatePhoneCallInput = z.input<typeof ZCreatePhoneCallInput>;

export const ZPhoneCallOutput = z.object({
  callId: z.string().describe("The provider's call id"),
  agentId: z.string().optional().describe("The agent placing the call"),
});

export type PhoneCallProvider = { baseUrl: string; apiKey: string; agentId?: string };

export function phoneCallProviderOf(config: Pick<TEnv, "PHONE_CALL_API_URL" | "PHONE_CALL_API_KEY" | "PHONE_CALL_AGENT_ID"> = env()): PhoneCallProvider | null {
  if (!config.PHONE_CALL_API_KEY) return null;
  return { baseUrl: config.PHONE_CALL_API_URL.replace(/\/$/, ""), apiKey: config.PHONE_CALL_API_KEY, agentId: config.PHONE_CALL_AGENT_ID };
}

const PROVIDER_TIMEOUT_MS = 10_000;
const providerFailed = (why: string) => new AppError("BAD_GATEWAY", `The phone-call provider did not place the call: ${why}`);

/** Retell's dynamic variables are strings; only the fields sent are passed on. */
function dynamicVariables(input: z.output<typeof ZCreatePhoneCallInput>, eventType: { id: number; title: string; lengthInMinutes: number }) {
  const { calApiKey: _neverForwarded, yourPhoneNumber: _from, numberToCall: _to, enabled: _enabled, ...fields } = input;
  const given = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return {
    ...Object.fromEntries(given),
    eventTypeId: String(eventType.id),
    eventTypeTitle: eventType.title,
    eventLength: `${eventType.lengthInMinutes} minutes`,
  };
}

async function callProvider(provider: PhoneCallProvider, body: Record<string, unknown>) {
  let response: Response;
  try {
    response = await fetch(`${provider.baseUrl}/v2/create-phone-call`, {
      method: "POST",
      headers: { authorization: `Bearer ${provider.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    log.warn("phone-call provider unreachable", { error: String(error) });
    throw providerFailed("it could not be reached");
  }
  const answer = (await response.json().catch(() => null)) as { call_id?: unknown; agent_id?: unknown; message?: unknown } | null;
  if (!response.ok || typeof answer?.call_id !== "string") {
    log.warn("phone-call provider refused", { status: response.status });
    const reason = typeof answer?.message === "string" ? answer.message.slice(0, 300) : `HTTP ${response.status}`;
    throw providerFailed(response.ok ? "its answer had no call_id" : reason);
  }
  return { callId: answer.call_id, ...(typeof answer.agent_id === "string" ? { agentId: answer.agent_id } : {}) };
}

export async function createPhoneCall(actor: Actor, teamId: number, eventTypeId: number, input: TCreatePhoneCallInput, provider = phoneCallProviderOf()) {
  const call = ZCreatePhoneCallInput.parse(input);
  await requirePermission(actor, { teamId }, "eventType.write");
  const eventType = await db.eventType.findFirst({
    where: { id: eventTypeId, ...teamEventTypesEditableBy(actor, teamId) },
    select: { id: true, title: true, lengthInMinutes: true },
  });
  if (!eventType) throw eventTypeNotFound();
  if (!provider)
    throw new AppError(
      "BAD_REQUEST",
      "Phone calls are not configured on this server (set PHONE_CALL_API_KEY, and PHONE_CALL_API_URL for a provider other than Retell AI)",
    );
  return callProvider(provider, {
    from_number: call.yourPhoneNumber,
    to_number: call.numberToCall,
    ...(provider.agentId ? { override_agent_id: provider.agentId } : {}),
    retell_llm_dynamic_variables: dynamicVariables(call, eventType),
  });
}
