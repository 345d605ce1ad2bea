import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { limitBookingAttempt } from "./booking-rate-limit";

const caller = () => ({ actor: null, clientAddress: `203.0.113.${randomBytes(4).toString("hex")}` });
const email = () => `a-${randomBytes(4).toString("hex")}@example.test`;

describe("limitBookingAttempt: the rate limits' bookkeeping in one place", () => {
  it("gives the caller's count back when the attempt throws or books nothing, so only bookings use up the quota", async () => {
    const who = caller();
    const eventTypeId = 900_000 + randomBytes(2).readUInt16BE();
    for (let i = 0; i < 150; i++) {
      await expect(limitBookingAttempt(who, eventTypeId, email(), () => Promise.reject(new Error("taken")))).rejects.toThrow("taken");
      await limitBookingAttempt(who, eventTypeId, email(), async () => ({ created: false }));
    }
    // 300 attempts that made nothing: the caller's 100 per event type are all still there.
    for (let i = 0; i < 100; i++) await limitBookingAttempt(who, eventTypeId, email(), async () => ({ created: true }));
    await expect(limitBookingAttempt(who, eventTypeId, email(), async () => ({ created: true }))).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  it("counts a booking made against the attendee's e-mail, whoever sends it", async () => {
    const attendee = email();
    for (let i = 0; i < 10; i++) await limitBookingAttempt(caller(), 1, attendee, async () => ({ created: true }));
    let ran = false;
    const refused = limitBookingAttempt(caller(), 1, attendee, async () => ((ran = true), { created: true }));
    await expect(refused).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(ran).toBe(false);
  });
});
