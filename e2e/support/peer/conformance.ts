/**
 * One request of the peer-schema contract test: sent with the operation's own method, answered 2xx in the
 * success envelope, and the body held to the peer's schema and `data` to Convene's declared response schema.
 */
import type { APIRequestContext } from "@playwright/test";
import { z } from "zod";
import { peerOperationOf } from "../../../server/http/peer-fields";
import { ROUTE_CATALOG } from "../../../server/http/route-catalog";
import { expect } from "../fixtures";
import { peerViolations } from "./peer-schemas";

type SendOptions = { headers?: Record<string, string>; data?: unknown; query?: Record<string, string> };

const pathPattern = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);

/** Every operation a test sent, so the spec can tell which shared operations went unexercised in this worker. */
export const exercised = new Set<string>();

export async function send(request: APIRequestContext, operation: string, url: string, options: SendOptions = {}) {
  const [method, template] = operation.split(" ") as [string, string];
  const route = ROUTE_CATALOG.find((candidate) => `${candidate.method} ${candidate.path}` === operation);
  if (!route) throw new Error(`${operation} is not a route of the catalog`);
  const target = new URL(url, "http://convene.invalid");
  expect(target.pathname, `${url} is not an instance of ${template}`).toMatch(pathPattern(template));
  for (const [name, value] of Object.entries(options.query ?? {})) target.searchParams.set(name, value);

  const response = await request.fetch(`${target.pathname}${target.search}`, { method, headers: options.headers, data: options.data });
  const body = await response.json();
  expect(response.status(), `${operation}: ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(200);
  expect(response.status(), `${operation}: ${JSON.stringify(body)}`).toBeLessThan(300);
  expect(body.status).toBe("success");
  const [peerMethod, peerTemplate] = peerOperationOf(route).split(" ") as [string, string];
  expect(peerViolations(peerMethod, peerTemplate, response.status(), body), `${operation} against the peer's schema: ${JSON.stringify(body.data)}`).toEqual([]);
  // A route that answers no data (the peer's bare `{status: "success"}`) has only the peer's schema to meet.
  if (route.response) {
    const declared = route.paginated ? z.array(route.response) : route.response;
    const own = declared.safeParse(body.data);
    expect(own.success ? [] : own.error.issues, `${operation} against Convene's declared response schema`).toEqual([]);
  }
  exercised.add(operation);
  return { data: body.data, headers: response.headers() };
}
