import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../http/request-input";
import { OAuthError } from "./oauth-error";
import { readProtocolParams } from "./protocol-request";

const FORM = "application/x-www-form-urlencoded";
const post = (body: BodyInit, contentType: string | null = FORM) =>
  new Request("http://localhost/v2/auth/oauth2/token", { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });

async function failure(request: Request) {
  const error = await readProtocolParams(request).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthError);
  const { status, error: code, description } = error as OAuthError;
  return { status, code, description };
}

describe("OAuth protocol parameters", () => {
  it("reads a form body and a JSON object of strings", async () => {
    expect(await readProtocolParams(post("grant_type=authorization_code&code=a%2Bb"))).toEqual({ grant_type: "authorization_code", code: "a+b" });
    expect(await readProtocolParams(post(JSON.stringify({ code: "x" }), "application/json; charset=utf-8"))).toEqual({ code: "x" });
    // No Content-Type at all is read as JSON, like the v2 routes (a string body would get text/plain from Request).
    expect(await readProtocolParams(post(new TextEncoder().encode(JSON.stringify({ code: "x" })), null))).toEqual({ code: "x" });
  });

  it.each([
    ["a repeated form parameter", post("code=garbage&code=valid")],
    ["a repeated, empty form parameter", post("client_secret=&client_secret=right")],
    ["a repeated JSON key", post('{"client_secret":"wrong","client_secret":"right"}', "application/json")],
    ["a repeated JSON key spelt with an escape", post('{"code":"a","\\u0063ode":"b"}', "application/json")],
  ])("%s is 400 invalid_request (RFC 6749 §3.2)", async (_label, request) => {
    expect(await failure(request)).toMatchObject({ status: 400, code: "invalid_request", description: expect.stringMatching(/repeated/) });
  });

  it.each([
    ["an array", ["a", "b"]],
    ["an object", { a: "b" }],
    ["a number", 7],
    ["null", null],
  ])("a JSON value that is %s is invalid_request", async (_label, value) => {
    expect(await failure(post(JSON.stringify({ code: value }), "application/json"))).toMatchObject({ status: 400, code: "invalid_request" });
  });

  it.each([
    ["50,000-deep arrays", `${"[".repeat(50_000)}${"]".repeat(50_000)}`],
    ["20,000-deep objects", `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`],
  ])("a JSON body of %s is 400 invalid_request saying so", async (_label, text) => {
    expect(await failure(post(text, "application/json"))).toEqual({
      status: 400,
      code: "invalid_request",
      description: "Body: JSON nests deeper than 32 levels of arrays and objects",
    });
  });

  it("a Content-Type that is neither form nor JSON is 415 invalid_request", async () => {
    expect(await failure(post("code=x", "text/plain"))).toMatchObject({ status: 415, code: "invalid_request" });
  });

  it("stops reading a body past the limit and answers 413 invalid_request", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/v2/auth/oauth2/token", {
      method: "POST",
      body: endless,
      headers: { "content-type": FORM },
      duplex: "half",
    } as RequestInit);
    expect(await failure(request)).toMatchObject({ status: 413, code: "invalid_request" });
    expect(pulled).toBeLessThan(MAX_BODY_BYTES + 4 * chunk.byteLength);
  });
});
