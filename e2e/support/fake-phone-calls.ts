/**
 * A stand-in for Retell AI's phone-call API on loopback, speaking the documented shape Convene uses:
 * POST /v2/create-phone-call with `Authorization: Bearer <key>` and {from_number, to_number, override_agent_id?,
 * retell_llm_dynamic_variables?}, answered 201 with the call object (call_id, agent_id, call_status …); a wrong
 * key is 401 and a malformed body 400, as Retell answers. A from_number it does not "own" (REFUSED_FROM) is 404,
 * so a spec can see a provider failure. Tests read what was sent through GET /__test/calls.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { listenOnLoopback, readBody, send } from "./fake-oauth-provider";

export const FAKE_PHONE_CALL_KEY = "fake-retell-key";
export const FAKE_PHONE_CALL_AGENT = "agent_fake_convene";
/** A caller number the stand-in answers as not registered to the account. */
export const REFUSED_FROM = "+15550000000";

export type RecordedCall = { authorization: string | undefined; body: Record<string, unknown> };
export type FakePhoneCalls = { url: string; serverEnv: Record<string, string>; stop: () => Promise<void> };

const E164 = /^\+[1-9]\d{1,14}$/;

export async function startFakePhoneCalls(): Promise<FakePhoneCalls> {
  const calls: RecordedCall[] = [];
  const server = http.createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://fake-retell").pathname;
    if (path === "/__test/calls" && request.method === "GET") return send(response, 200, calls);
    if (path !== "/v2/create-phone-call" || request.method !== "POST") return send(response, 404, { message: "Not Found" });
    const authorization = request.headers.authorization;
    if (authorization !== `Bearer ${FAKE_PHONE_CALL_KEY}`) return send(response, 401, { message: "Invalid API key" });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      return send(response, 400, { message: "Invalid JSON body" });
    }
    calls.push({ authorization, body });
    const { from_number: from, to_number: to, override_agent_id: agent, retell_llm_dynamic_variables: variables } = body;
    if (typeof from !== "string" || typeof to !== "string" || !E164.test(from) || !E164.test(to)) {
      return send(response, 400, { message: "from_number and to_number must be E.164 numbers" });
    }
    if (from === REFUSED_FROM) return send(response, 404, { message: `Phone number ${from} not found` });
    send(response, 201, {
      call_type: "phone_call",
      call_id: `call_${randomBytes(12).toString("hex")}`,
      agent_id: typeof agent === "string" ? agent : "agent_bound_to_number",
      call_status: "registered",
      from_number: from,
      to_number: to,
      direction: "outbound",
      retell_llm_dynamic_variables: variables ?? {},
    });
  });
  const { url, stop } = await listenOnLoopback(server);
  return { url, serverEnv: { PHONE_CALL_API_URL: url, PHONE_CALL_API_KEY: FAKE_PHONE_CALL_KEY, PHONE_CALL_AGENT_ID: FAKE_PHONE_CALL_AGENT }, stop };
}
