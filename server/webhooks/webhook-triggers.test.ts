import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { triggerOfEvent, EMITTED_TRIGGERS, SILENT_TRIGGERS, triggerTableMarkdown, ZSubscribableTrigger } from "./webhook-triggers";
import { DOMAIN_EVENT_TYPES } from "../events/domain-events";

describe("webhook triggers", () => {
  it("accepts in a subscription only triggers a domain event fires, and refuses the others by name", () => {
    for (const trigger of EMITTED_TRIGGERS) expect((DOMAIN_EVENT_TYPES as readonly string[]).includes(trigger) || trigger.startsWith("FORM_")).toBe(true);
    expect(DOMAIN_EVENT_TYPES.filter((type) => triggerOfEvent(type) !== null).length).toBeGreaterThan(0);
    for (const trigger of SILENT_TRIGGERS) {
      const parsed = ZSubscribableTrigger.safeParse(trigger);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(new RegExp(`^${trigger} is never sent by Convene`));
    }
    expect(ZSubscribableTrigger.safeParse("BOOKING_CREATED").success).toBe(true);
  });

  it("has its table in docs/webhooks.md as the code has it", () => {
    const doc = readFileSync(path.join(import.meta.dirname, "../../docs/webhooks.md"), "utf8");
    expect(doc).toContain(triggerTableMarkdown());
  });
});
