import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors";
import { MAX_BODY_BYTES, parsePart, queryObject, readJsonBody } from "./request-input";

const URL_ = "http://convene.test/v2/me";

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

/** A JSON string literal of exactly `bytes` bytes. */
const jsonOfSize = (bytes: number) => `"${"a".repeat(bytes - 2)}"`;

/** An endless body; records how many bytes the reader pulled before giving up. */
function endlessBody(chunkBytes = 64 * 1024) {
  const stats = { pulled: 0, cancelled: false };
  const chunk = new TextEncoder().encode(" ".repeat(chunkBytes));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      stats.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  return { stream, stats };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("readJsonBody", () => {
  it.each([
    { case: "declared by Content-Length", request: () => post("{}", { "content-length": String(MAX_BODY_BYTES + 1) }) },
    { case: "without Content-Length", request: () => post(jsonOfSize(MAX_BODY_BYTES + 1)) },
    { case: "with a Content-Length that understates it", request: () => post(jsonOfSize(MAX_BODY_BYTES + 1), { "content-length": "10" }) },
  ])("refuses a body over 1 MB $case with 413 PAYLOAD_TOO_LARGE", async ({ request }) => {
    const error = await rejection(readJsonBody(request()));
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.message).toMatch(/exceeds 1 MB/);
  });

  it("stops reading an endless body soon after 1 MB and cancels it", async () => {
    const { stream, stats } = endlessBody();
    const error = await rejection(readJsonBody(post(stream)));
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(stats.pulled).toBeLessThan(MAX_BODY_BYTES + 4 * 64 * 1024);
    expect(stats.cancelled).toBe(true);
  });

  it("accepts a body of exactly 1 MB", async () => {
    await expect(readJsonBody(post(jsonOfSize(MAX_BODY_BYTES)))).resolves.toHaveLength(MAX_BODY_BYTES - 2);
  });

  it.each(["{", "{'a': 1}", "undefined", '{"a":1}}', "nul"])("refuses malformed JSON %j with BAD_REQUEST", async (text) => {
    const error = await rejection(readJsonBody(post(text)));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("Request body is not valid JSON");
  });

  it.each([
    { case: "no body", body: null },
    { case: "empty body", body: "" },
    { case: "whitespace only", body: " \n\t " },
  ])("reads $case as {}", async ({ body }) => {
    await expect(readJsonBody(post(body))).resolves.toEqual({});
  });

  it.each([
    { text: '{"name":"Ada","n":[1,2]}', expected: { name: "Ada", n: [1, 2] } },
    { text: "[1,2]", expected: [1, 2] },
    { text: "null", expected: null },
    { text: '  {"é":"ü"}  ', expected: { é: "ü" } },
  ])("parses $text", async ({ text, expected }) => {
    await expect(readJsonBody(post(text))).resolves.toEqual(expected);
  });
});

describe("queryObject", () => {
  it.each([
    { search: "", expected: {} },
    { search: "?a=1", expected: { a: "1" } },
    { search: "?a=1&b=2&b=3", expected: { a: "1", b: ["2", "3"] } },
    { search: "?b=2&a=1&b=3&b=4", expected: { a: "1", b: ["2", "3", "4"] } },
    { search: "?flag&empty=", expected: { flag: "", empty: "" } },
    { search: "?q=a%20b%26c&plus=x+y", expected: { q: "a b&c", plus: "x y" } },
  ])("$search → $expected", ({ search, expected }) => {
    expect(queryObject(new URL(`${URL_}${search}`))).toEqual(expected);
  });
});

describe("parsePart", () => {
  const schema = z.object({ timeZone: z.string(), attendee: z.object({ email: z.email() }) }).strict();

  it("returns the parsed value", () => {
    const value = { timeZone: "UTC", attendee: { email: "a@b.test" } };
    expect(parsePart(schema, value, "body")).toEqual(value);
  });

  it("returns undefined when the route declares no schema for the part", () => {
    expect(parsePart(undefined, { anything: 1 }, "query")).toBeUndefined();
  });

  it("throws BAD_REQUEST naming each failing field under the part", () => {
    let thrown: unknown;
    try {
      parsePart(schema, { timeZone: 5, attendee: { email: "nope" }, extra: true }, "body");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const error = thrown as AppError;
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("Invalid body");
    const paths = (error.details as { path: string }[]).map((issue) => issue.path);
    expect(paths.sort()).toEqual(["body", "body.attendee.email", "body.timeZone"]);
  });
});
