/**
 * The reference's runnable examples, without a server: every resource an example names comes from its page's setup
 * block, the block defines each variable after those it uses, and the curl and TypeScript snippets of an operation
 * send the same values. e2e/api/api-examples.spec.ts then runs every curl example.
 */
import { describe, expect, it } from "vitest";
import { curlSnippet, typescriptCall } from "@/components/docs/api-snippets";
import { EXAMPLE_CALLS } from "@/components/docs/example-calls";
import { exampleRequestOf, pageSetupBlock } from "@/components/docs/example-request";
import { dependenciesOf, EXAMPLE_VARIABLES, variablesIn } from "@/components/docs/example-variables";
import { referenceGroups } from "@/components/docs/reference-document";
import type { TOperationView } from "@/components/docs/openapi-view";

const BASE = "https://convene.example";
const groups = referenceGroups(BASE);
const operations = groups.flatMap((group) => group.operations);
const keyOf = (operation: TOperationView) => `${operation.method} ${operation.path}`;

describe("the reference's runnable examples", () => {
  it("name every path parameter by a setup variable, unless its value is one of a fixed list (a calendar, an app)", () => {
    const unfilled = operations.flatMap((operation) =>
      exampleRequestOf(operation)
        .path.filter((value) => !value.value.startsWith("$"))
        .filter((value) => !operation.parameters.find((parameter) => parameter.name === value.name)!.type.startsWith('"'))
        .map((value) => `${keyOf(operation)} {${value.name}} = ${value.value}`),
    );
    expect(unfilled).toEqual([]);
  });

  it("define each variable after the variables its lines use", () => {
    const misplaced = EXAMPLE_VARIABLES.flatMap((variable, index) =>
      dependenciesOf(variable)
        .filter((name) => EXAMPLE_VARIABLES.findIndex((candidate) => candidate.name === name) >= index)
        .map((name) => `${variable.name} uses ${name}`),
    );
    expect(misplaced).toEqual([]);
  });

  it("send no made-up id: every id in a query or body is a setup variable, unless the example says what it needs first", () => {
    const madeUp = (value: unknown, key = ""): boolean =>
      Array.isArray(value)
        ? value.some((item) => madeUp(item, key))
        : value !== null && typeof value === "object"
          ? Object.entries(value).some(([name, item]) => madeUp(item, name))
          : /(^id|Id)$/.test(key) && (typeof value === "number" || (typeof value === "string" && !value.startsWith("$")));
    const withMadeUpIds = operations.filter((operation) => {
      const request = exampleRequestOf(operation);
      return !request.needs && (madeUp(request.body) || request.query.some((value) => madeUp(value.value, value.name)));
    });
    expect(withMadeUpIds.map(keyOf)).toEqual([]);
  });

  it("refer only to operations that exist", () => {
    const known = new Set(operations.map(keyOf));
    expect(Object.keys(EXAMPLE_CALLS).filter((key) => !known.has(key))).toEqual([]);
  });

  it("have each page's setup block define every variable its snippets use, and export the ones TypeScript reads", () => {
    const undefinedOnPage = groups.flatMap((group) => {
      const block = pageSetupBlock(group.operations, BASE);
      const defined = new Set([...block.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
      const exported = new Set(block.split("\n").at(-1)!.split(" ").slice(1));
      return group.operations.flatMap((operation) =>
        [...variablesIn(curlSnippet(operation)), ...variablesIn(typescriptCall(operation))]
          .filter((name) => !defined.has(name) || !exported.has(name))
          .map((name) => `${group.tag}: ${keyOf(operation)} uses ${name}`),
      );
    });
    expect(undefinedOnPage).toEqual([]);
  });

  it("send the same variables from curl and from TypeScript", () => {
    const differing = operations.flatMap((operation) => {
      const fromCurl = variablesIn(curlSnippet(operation)).filter((name) => name !== "CONVENE_URL" && name !== "CONVENE_API_KEY");
      const fromTypescript = [...typescriptCall(operation).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!);
      return new Set(fromCurl).size === new Set(fromTypescript).size && fromCurl.every((name) => fromTypescript.includes(name)) ? [] : [keyOf(operation)];
    });
    expect(differing).toEqual([]);
  });

  it("send a body with a number variable unquoted through a here-document, and read it as a number in TypeScript", () => {
    const booking = operations.find((operation) => keyOf(operation) === "POST /v2/bookings")!;
    expect(curlSnippet(booking)).toMatch(/-d @- <<JSON\n\{"eventTypeId":\$EVENT_TYPE_ID,"start":"\$START",/);
    expect(curlSnippet(booking)).toMatch(/\nJSON$/);
    expect(typescriptCall(booking)).toContain(`"eventTypeId": Number(process.env.EVENT_TYPE_ID)`);
    expect(typescriptCall(booking)).toContain("`grace-${process.env.RUN}@example.com`");
  });

  it("fill a path from its variable in both snippets", () => {
    const eventType = operations.find((operation) => keyOf(operation) === "GET /v2/event-types/{eventTypeId}")!;
    expect(curlSnippet(eventType)).toContain(`curl "$CONVENE_URL/v2/event-types/$EVENT_TYPE_ID"`);
    expect(typescriptCall(eventType)).toContain(`path: { eventTypeId: Number(process.env.EVENT_TYPE_ID) }`);
  });
});
