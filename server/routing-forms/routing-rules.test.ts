/** The rule engine and the answers' checks, pure: which route answers take, and what a submission may say. */
import { describe, expect, it } from "vitest";
import { checkAnswers, type TAnswer } from "./routing-answers";
import { ZCreateRoutingFormInput, type TRoutingCondition, type TRoutingFormField, type TRoutingRoute } from "./routing-form.schemas";
import { chooseRoute, conditionHolds, membersMatchingAttribute, routeMatches } from "./routing-rules";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const field = (n: number, type: TRoutingFormField["type"], identifier: string, options: string[] = []): TRoutingFormField => ({
  id: id(n),
  type,
  label: identifier,
  identifier,
  required: false,
  placeholder: "",
  options,
});
const FIELDS = [
  field(1, "select", "team", ["Sales", "Support"]),
  field(2, "number", "seats"),
  field(3, "multiselect", "products", ["Calendar", "Video", "Forms"]),
  field(4, "text", "company"),
];
const route = (n: number, conditions: TRoutingRoute["conditions"], combinator: "all" | "any" = "all", isFallback = false): TRoutingRoute => ({
  id: id(100 + n),
  action: { type: "customPageMessage", message: `route ${n}` },
  combinator,
  conditions,
  isFallback,
});

describe("conditions", () => {
  it.each([
    [{ field: id(1), operator: "equals", value: "sales" } as const, "Sales ", true],
    [{ field: id(1), operator: "equals", value: "Sales" } as const, "Support", false],
    [{ field: id(1), operator: "notEquals", value: "Sales" } as const, "Support", true],
    [{ field: id(1), operator: "notEquals", value: "Sales" } as const, undefined, true],
    [{ field: id(4), operator: "contains", value: "acme" } as const, "The ACME Corp", true],
    [{ field: id(4), operator: "contains", value: "acme" } as const, undefined, false],
    [{ field: id(1), operator: "anyOf", values: ["Support", "Billing"] } as const, "support", true],
    [{ field: id(3), operator: "anyOf", values: ["Video"] } as const, ["Calendar", "Video"], true],
    [{ field: id(3), operator: "equals", value: "Video" } as const, ["Calendar", "Video"], false],
    [{ field: id(2), operator: "between", min: 10, max: 50 } as const, 10, true],
    [{ field: id(2), operator: "between", min: 10, max: 50 } as const, 51, false],
    [{ field: id(2), operator: "between", min: 100 } as const, 250, true],
    [{ field: id(2), operator: "between", max: 9 } as const, "abc", false],
  ])("%o against %o is %s", (condition, answer, expected) => {
    expect(conditionHolds(condition as TRoutingCondition, answer as TAnswer | undefined)).toBe(expected);
  });
});

describe("chooseRoute", () => {
  const enterprise = route(1, [
    { field: id(1), operator: "equals", value: "Sales" },
    { field: id(2), operator: "between", min: 100 },
  ]);
  const anyVideo = route(
    2,
    [
      { field: id(3), operator: "anyOf", values: ["Video"] },
      { field: id(4), operator: "contains", value: "studio" },
    ],
    "any",
  );
  const fallback = route(3, [], "all", true);
  const routes = [enterprise, anyVideo, fallback];

  it("takes the first route whose rule holds, in order", () => {
    expect(chooseRoute(routes, FIELDS, { team: "Sales", seats: 500, products: ["Video"] })?.id).toBe(enterprise.id);
    expect(chooseRoute(routes, FIELDS, { team: "Sales", seats: 5, products: ["Video"] })?.id).toBe(anyVideo.id);
  });
  it("combines with any: one condition is enough", () => {
    expect(routeMatches(anyVideo, FIELDS, { company: "Big Studio Ltd" })).toBe(true);
    expect(routeMatches(enterprise, FIELDS, { team: "Sales" })).toBe(false);
  });
  it("falls back when nothing matches, and answers null without a fallback", () => {
    expect(chooseRoute(routes, FIELDS, { team: "Support" })?.id).toBe(fallback.id);
    expect(chooseRoute([enterprise], FIELDS, { team: "Support" })).toBeNull();
  });
  it("never takes the fallback before a later matching route", () => {
    expect(chooseRoute([fallback, anyVideo], FIELDS, { products: ["Video"] })?.id).toBe(anyVideo.id);
  });
});

describe("membersMatchingAttribute", () => {
  const members = [
    { userId: 1, attributes: { region: "EMEA", languages: ["de", "fr"] } },
    { userId: 2, attributes: { region: "AMER", languages: ["en"] } },
    { userId: 3, attributes: {} },
  ];
  it("keeps members whose attribute equals the answer, or whose list attribute has it", () => {
    expect(membersMatchingAttribute(members, "region", "emea")).toEqual([1]);
    expect(membersMatchingAttribute(members, "languages", ["fr", "en"])).toEqual([1, 2]);
    expect(membersMatchingAttribute(members, "region", undefined)).toEqual([]);
  });
});

describe("checkAnswers (the booking form's rules)", () => {
  const fields = [
    { ...field(1, "select", "team", ["Sales", "Support"]), required: true },
    field(2, "number", "seats"),
    field(5, "email", "email"),
    field(6, "phone", "phone"),
  ];
  it("normalises numbers, e-mail addresses and options, by identifier or id", () => {
    expect(checkAnswers(fields, { team: "Sales", [id(2)]: "42", email: " Ada@Example.COM " })).toEqual({ team: "Sales", seats: 42, email: "ada@example.com" });
  });
  it("names every problem at once by its question", () => {
    try {
      checkAnswers(fields, { seats: "many", email: "nope", phone: "123", extra: "x" });
      expect.unreachable();
    } catch (error) {
      expect((error as { details: { path: string }[] }).details.map(({ path }) => path).sort()).toEqual([
        "body.email",
        "body.extra",
        "body.phone",
        "body.seats",
        "body.team",
      ]);
    }
  });
});

describe("a form's definition", () => {
  it("refuses a condition on a question it does not have, and a fallback that is not last", () => {
    const result = ZCreateRoutingFormInput.safeParse({
      name: "Intake",
      fields: [{ ...FIELDS[0], options: ["Sales"] }],
      routes: [route(1, [], "all", true), route(2, [{ field: id(9), operator: "equals", value: "x" }])],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path }) => path.join("."))).toEqual(["routes.0.isFallback", "routes.1.conditions.0.field"]);
  });
});
