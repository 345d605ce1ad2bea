import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, ERROR_STATUS, type ErrorCode } from "../errors";
import { errorResponse, successResponse, toErrorResponse, zodIssues } from "./envelope";

const CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

describe("toErrorResponse", () => {
  it.each(CODES.map((code) => ({ code, status: ERROR_STATUS[code] })))("AppError $code → $status", async ({ code, status }) => {
    const response = toErrorResponse(new AppError(code, `message for ${code}`), "req-1");
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: "error", error: { code, message: `message for ${code}` } });
  });

  it("keeps an AppError's details", async () => {
    const details = [{ path: "body.defaultScheduleId", message: "No such schedule of yours" }];
    const response = toErrorResponse(new AppError("NOT_FOUND", "Schedule not found", details), "req-1");
    expect(await response.json()).toEqual({ status: "error", error: { code: "NOT_FOUND", message: "Schedule not found", details } });
  });

  it("answers a ZodError with 400 and each field path", async () => {
    const schema = z.object({ attendee: z.object({ email: z.email(), name: z.string() }), start: z.iso.datetime() });
    const result = schema.safeParse({ attendee: { email: "x", name: 3 }, start: "tomorrow" });
    const response = toErrorResponse(result.error, "req-1");
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.status).toBe("error");
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.details.map((issue: { path: string }) => issue.path).sort()).toEqual(["attendee.email", "attendee.name", "start"]);
    for (const issue of body.error.details) expect(issue.message).toEqual(expect.any(String));
  });

  it.each([
    { prismaCode: "P2002", status: 409, code: "CONFLICT" },
    { prismaCode: "P2025", status: 404, code: "NOT_FOUND" },
  ])("maps Prisma's $prismaCode to $code", async ({ prismaCode, status, code }) => {
    const error = Object.assign(new Error("Unique constraint failed on the fields: (`email`)"), {
      name: "PrismaClientKnownRequestError",
      code: prismaCode,
    });
    const response = toErrorResponse(error, "req-1");
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.error.code).toBe(code);
    expect(JSON.stringify(body)).not.toContain("email");
  });

  it.each([
    { case: "an Error", error: new TypeError("Cannot read properties of undefined (reading 'secretColumn')") },
    {
      case: "a Prisma error we do not map",
      error: Object.assign(new Error("raw query on 10.0.0.5 failed"), { name: "PrismaClientKnownRequestError", code: "P2010" }),
    },
    { case: "a thrown string", error: "db password is hunter2" },
    { case: "undefined", error: undefined },
  ])("answers $case with 500, the request id and no internals", async ({ error }) => {
    const response = toErrorResponse(error, "req-42");
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({
      status: "error",
      error: { code: "INTERNAL_SERVER_ERROR", message: expect.stringContaining("req-42"), details: { requestId: "req-42" } },
    });
    const text = JSON.stringify(body);
    for (const leak of ["secretColumn", "10.0.0.5", "hunter2", "TypeError", "stack", "at "]) expect(text).not.toContain(leak);
  });
});

it("answers a database outage (Prisma P1001, can't reach the server) 503 SERVICE_UNAVAILABLE with Retry-After, no internals", async () => {
  const error = Object.assign(new Error("Can't reach database server at 10.0.0.5:5432"), { name: "PrismaClientKnownRequestError", code: "P1001" });
  const response = toErrorResponse(error, "req-43");
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  const body = await response.json();
  expect(body).toEqual({ status: "error", error: { code: "SERVICE_UNAVAILABLE", message: expect.any(String) } });
  expect(JSON.stringify(body)).not.toContain("10.0.0.5");
});

describe("zodIssues", () => {
  const error = z.object({ a: z.object({ b: z.array(z.string()) }) }).safeParse({ a: { b: ["x", 2] } }).error!;

  it.each([
    { prefix: undefined, expected: "a.b.1" },
    { prefix: "body", expected: "body.a.b.1" },
  ])("joins the path with dots (prefix $prefix)", ({ prefix, expected }) => {
    expect(zodIssues(error, prefix)).toEqual([{ path: expected, message: expect.any(String) }]);
  });

  it("names the part itself for a root-level issue", () => {
    const rootError = z.object({}).safeParse("not an object").error!;
    expect(zodIssues(rootError, "query")).toEqual([{ path: "query", message: expect.any(String) }]);
  });
});

describe("successResponse and errorResponse", () => {
  it("wraps data, with pagination only when given", async () => {
    expect(await successResponse({ id: 1 }).json()).toEqual({ status: "success", data: { id: 1 } });
    const pagination = {
      totalItems: 1,
      remainingItems: 0,
      returnedItems: 1,
      itemsPerPage: 10,
      currentPage: 1,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    };
    const response = successResponse([1], { status: 201, pagination, headers: { "x-extra": "1" } });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-extra")).toBe("1");
    expect(await response.json()).toEqual({ status: "success", data: [1], pagination });
  });

  it("lets a caller override the status and add headers", async () => {
    const response = errorResponse("UNAUTHORIZED", "nope", { status: 418, headers: { "WWW-Authenticate": "Bearer" } });
    expect(response.status).toBe(418);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
    expect(await response.json()).toEqual({ status: "error", error: { code: "UNAUTHORIZED", message: "nope" } });
  });
});
