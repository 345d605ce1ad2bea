import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { requiredScope } from "../http/route-definition";
import { MCP_TOOLS, toolNamed } from "./tools";

describe("MCP tools are their routes", () => {
  it("names are unique; each tool's scope is its route's; every input is an object schema", () => {
    expect(new Set(MCP_TOOLS.map((tool) => tool.name)).size).toBe(MCP_TOOLS.length);
    for (const tool of MCP_TOOLS) {
      expect(tool.scope).toBe(requiredScope(tool.route.access));
      expect(tool.input.schema.type).toBe("object");
      expect(tool.description.length).toBeGreaterThan(30);
    }
  });
  it("splits arguments back into the route's params, query and body, parsed by the route's own schemas", () => {
    const reschedule = toolNamed("reschedule_booking")!.input.parse({ bookingUid: "abc", start: "2050-01-03T10:00:00Z" });
    expect(reschedule.params).toEqual({ bookingUid: "abc" });
    expect(reschedule.body).toMatchObject({ start: new Date("2050-01-03T10:00:00Z") });
    // A model sends numbers where the query carries strings: written as a URL would carry them, then parsed.
    const slots = toolNamed("find_available_slots")!.input.parse({ eventTypeId: 7, start: "2050-01-03", end: "2050-01-04" });
    expect(slots.query).toMatchObject({ eventTypeId: 7, timeZone: "UTC" });
  });
  it("refuses what the route refuses, naming the field; an unknown argument is refused by name", () => {
    const tool = toolNamed("get_event_type")!;
    expect(() => tool.input.parse({ eventTypeId: "x" })).toThrow(AppError);
    expect(() => toolNamed("cancel_booking")!.input.parse({ bookingUid: "abc", surprise: 1 })).toThrow(/Invalid body/);
  });
  it("only create_booking takes an idempotency key, and it is not sent to the route's body", () => {
    expect(MCP_TOOLS.filter((tool) => tool.takesIdempotencyKey).map((tool) => tool.name)).toEqual(["create_booking"]);
    expect(toolNamed("create_booking")!.input.schema.properties).toHaveProperty("idempotencyKey");
  });
});
