import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors";
import { isJsonMediaType, MAX_BODY_BYTES, parsePart, parseParts, queryObject, readJsonBody } from "./request-input";

const URL_ = "http://convene.test/v2/me";

/** A POST as a JSON client sends it (fetch would label a string body text/plain otherwise). */
function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  const contentType: Record<string, string> = typeof body === "string" ? { "content-type": "application/json" } : {};
  return new Request(URL_, { method: "POST", body, headers: { ...contentType, ...headers }, duplex: "half" } as RequestInit);
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
    { case: "50,000-deep arrays", text: `${"[".repeat(50_000)}${"]".repeat(50_000)}` },
    { case: "20,000-deep objects", text: `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}` },
    { case: "33 levels", text: `{"metadata":${"[".repeat(32)}${"]".repeat(32)}}` },
  ])("refuses $case of nesting with BAD_REQUEST on body, before parsing", async ({ text }) => {
    const error = await rejection(readJsonBody(post(text)));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("Request body: JSON nests deeper than 32 levels of arrays and objects");
    expect(error.details).toEqual([{ path: "body", message: "JSON nests deeper than 32 levels of arrays and objects" }]);
  });

  it("accepts 32 levels of nesting", async () => {
    await expect(readJsonBody(post(`{"metadata":${"[".repeat(31)}${"]".repeat(31)}}`))).resolves.toHaveProperty("metadata");
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

describe("readJsonBody and Content-Type", () => {
  it.each([
    "application/json",
    "application/json; charset=utf-8",
    "Application/JSON;charset=UTF-8",
    "application/merge-patch+json",
    "application/vnd.api+json",
  ])("reads %j as JSON", async (contentType) => {
    expect(isJsonMediaType(contentType)).toBe(true);
    await expect(readJsonBody(post('{"a":1}', { "content-type": contentType }))).resolves.toEqual({ a: 1 });
  });

  it.each([
    "text/plain",
    "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonx",
    "json",
    "",
    "application/xml",
  ])("refuses a present, non-JSON Content-Type %j with 415 UNSUPPORTED_MEDIA_TYPE", async (contentType) => {
    const request = new Request(URL_, { method: "POST", body: '{"a":1}', headers: { "content-type": contentType } });
    // The fetch Request fills text/plain for a string body: set the header as sent (possibly empty) explicitly.
    request.headers.set("content-type", contentType);
    const error = await rejection(readJsonBody(request));
    expect(error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(error.status).toBe(415);
  });

  it("reads a body without Content-Type as JSON", async () => {
    const request = post(new TextEncoder().encode('{"a":1}'));
    expect(request.headers.get("content-type")).toBeNull();
    await expect(readJsonBody(request)).resolves.toEqual({ a: 1 });
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

  it.each([
    { search: "?status[]=upcoming&status[]=past", expected: { status: ["upcoming", "past"] } },
    { search: "?status[]=upcoming", expected: { status: "upcoming" } },
    { search: "?status=upcoming&status[]=past", expected: { status: ["upcoming", "past"] } },
    { search: "?status%5B%5D=upcoming&status%5B%5D=past", expected: { status: ["upcoming", "past"] } },
    { search: "?take[]=5&status[]=past", expected: { "take[]": "5", status: "past" } },
    { search: "?status[0]=past", expected: { "status[0]": "past" } },
  ])("reads an array parameter spelt name[]: $search → $expected", ({ search, expected }) => {
    expect(queryObject(new URL(`${URL_}${search}`), new Set(["status"]))).toEqual(expected);
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
    expect(paths.sort()).toEqual(["body.attendee.email", "body.extra", "body.timeZone"]);
  });

  const issuesOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("BAD_REQUEST");
      return error as AppError;
    }
    throw new Error("expected BAD_REQUEST");
  };

  it.each([
    { part: "body" as const, value: { timeZone: "Europe/Berlin\u0000", attendee: { email: "a@b.test" } }, path: "body.timeZone" },
    { part: "body" as const, value: { timeZone: "UTC", attendee: { email: "a\u0000@b.test" } }, path: "body.attendee.email" },
    { part: "body" as const, value: { timeZone: "UTC", attendee: { email: "a@b.test" }, tags: ["ok", "x\u0000"] }, path: "body.tags.1" },
    { part: "body" as const, value: { timeZone: "UTC", attendee: { email: "a@b.test" }, metadata: { "k\u0000": "v" } }, path: "body.metadata.k\\u0000" },
    { part: "query" as const, value: { timeZone: ["UTC", "\u0000"] }, path: "query.timeZone.1" },
    { part: "params" as const, value: { bookingUid: "\u0000" }, path: "params.bookingUid" },
  ])("refuses a NUL character in $path with a 400 naming the field, whatever the schema", ({ part, value, path }) => {
    // z.any() accepts anything: the refusal is the parsing step's, not a schema's.
    const error = issuesOf(() => parsePart(z.any(), value, part));
    expect(error.details).toEqual([{ path, message: expect.stringContaining("NUL") }]);
    expect(error.message).toContain(path);
  });

  it("refuses a NUL character in a part the route declares no schema for", () => {
    expect(issuesOf(() => parsePart(undefined, { stray: "\u0000" }, "query")).details).toEqual([{ path: "query.stray", message: expect.any(String) }]);
  });

  describe("unknown keys", () => {
    const peerFields = new Set(["body.routing", "body.attendee.phoneNumber", "body.bookingFields[].label", "query.teamId"]);
    const nested = z
      .object({
        attendee: z.object({ email: z.email() }).strict(),
        bookingFields: z.array(z.object({ slug: z.string() }).strict()).optional(),
      })
      .strict();
    const valid = { attendee: { email: "a@b.test" } };

    it("names each unknown key by its own path, a peer-documented one as unsupported and any other as unrecognized", () => {
      const error = issuesOf(() =>
        parsePart(nested, { ...valid, routing: {}, zzzNotAField: 1, attendee: { email: "a@b.test", phoneNumber: "+1" } }, "body", peerFields),
      );
      expect(error.details).toEqual(
        expect.arrayContaining([
          { path: "body.routing", message: "routing is part of the peer API but not supported by Convene", code: "unsupported_field" },
          { path: "body.zzzNotAField", message: 'Unrecognized key: "zzzNotAField"', code: "unrecognized_key" },
          {
            path: "body.attendee.phoneNumber",
            message: "attendee.phoneNumber is part of the peer API but not supported by Convene",
            code: "unsupported_field",
          },
        ]),
      );
      expect(error.details).toHaveLength(3);
    });

    it("matches a key inside array items against the peer's [] form, keeping the item index in the path", () => {
      const error = issuesOf(() => parsePart(nested, { ...valid, bookingFields: [{ slug: "a" }, { slug: "b", label: "B" }] }, "body", peerFields));
      expect(error.details).toEqual([
        {
          path: "body.bookingFields.1.label",
          message: "bookingFields.1.label is part of the peer API but not supported by Convene",
          code: "unsupported_field",
        },
      ]);
    });

    it("refuses a top-level key that a non-strict schema would drop", () => {
      const lenient = z.object({ take: z.string().optional() });
      const error = issuesOf(() => parsePart(lenient, { take: "1", teamId: "3", other: "x" }, "query", peerFields));
      expect(error.details).toEqual([
        { path: "query.teamId", message: "teamId is part of the peer API but not supported by Convene", code: "unsupported_field" },
        { path: "query.other", message: 'Unrecognized key: "other"', code: "unrecognized_key" },
      ]);
    });

    it("treats a peer field of another part, or without peer fields, as unrecognized", () => {
      const error = issuesOf(() => parsePart(z.object({}).strict(), { routing: 1 }, "query", peerFields));
      expect(error.details).toEqual([{ path: "query.routing", message: 'Unrecognized key: "routing"', code: "unrecognized_key" }]);
      expect(issuesOf(() => parsePart(nested, { ...valid, routing: 1 }, "body")).details).toEqual([expect.objectContaining({ code: "unrecognized_key" })]);
    });

    it("names a key that every variant of a union refuses, beside the union's own message", () => {
      const policy = z.object({
        confirmationPolicy: z.union([z.object({ type: z.literal("always") }).strict(), z.object({ disabled: z.literal(true) }).strict()], {
          error: "always or disabled",
        }),
      });
      const fields = new Set(["body.confirmationPolicy.noticeThreshold"]);
      const unsupported = {
        path: "body.confirmationPolicy.noticeThreshold",
        message: "confirmationPolicy.noticeThreshold is part of the peer API but not supported by Convene",
        code: "unsupported_field",
      };
      const error = issuesOf(() => parsePart(policy, { confirmationPolicy: { noticeThreshold: {} } }, "body", fields));
      expect(error.details).toEqual([{ path: "body.confirmationPolicy", message: "always or disabled" }, unsupported]);
      // A variant whose only issue is the unknown key is the one zod reports.
      expect(issuesOf(() => parsePart(policy, { confirmationPolicy: { type: "always", noticeThreshold: {} } }, "body", fields)).details).toEqual([unsupported]);
      // A key one variant knows is not reported as unknown.
      const known = issuesOf(() => parsePart(policy, { confirmationPolicy: { disabled: false } }, "body", fields));
      expect(known.details).toEqual([{ path: "body.confirmationPolicy", message: "always or disabled" }]);
    });

    it("keeps what a passthrough object or a union variant accepts", () => {
      expect(parsePart(z.object({}).loose(), { anything: 1 }, "body", peerFields)).toEqual({ anything: 1 });
      const either = z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]);
      expect(parsePart(either, { b: "x" }, "body", peerFields)).toEqual({ b: "x" });
    });
  });
});

describe("parseParts", () => {
  const query = z.object({ start: z.iso.date() }).strict();
  const body = z.object({ name: z.string() }).strict();
  const refusalOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error as AppError;
    }
    throw new Error("expected a refusal");
  };

  it("answers the mistakes of every part in one refusal", () => {
    const error = refusalOf(() => parseParts({ query: () => parsePart(query, {}, "query"), body: () => parsePart(body, { name: "x", extra: 1 }, "body") }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("Invalid request");
    expect((error.details as { path: string }[]).map((issue) => issue.path)).toEqual(["query.start", "body.extra"]);
  });

  it("keeps the part's own message when only one part is wrong, and returns every part when none is", () => {
    expect(refusalOf(() => parseParts({ query: () => parsePart(query, {}, "query"), body: () => parsePart(body, { name: "x" }, "body") })).message).toBe(
      "Invalid query",
    );
    expect(parseParts({ query: () => parsePart(query, { start: "2031-01-02" }, "query"), body: () => parsePart(body, { name: "x" }, "body") })).toEqual({
      query: { start: "2031-01-02" },
      body: { name: "x" },
    });
  });

  it("lets an error that is not a refusal of input through", () => {
    const failure = new Error("database down");
    expect(
      refusalOf(() =>
        parseParts({
          query: () => parsePart(query, {}, "query"),
          body: () => {
            throw failure;
          },
        }),
      ),
    ).toBe(failure);
  });
});
