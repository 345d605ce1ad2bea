/** GET /v2/slots/available for one host over 30 days (working hours, a few bookings). Target: 0.4 of the bare handler (issue 10). */
import { attendee, makeHostWithEventType, utcAt } from "../../../prisma/scheduling-factories";
import { createBooking } from "../../../server/bookings/create";
import type { Scenario } from "../scenario";

export const slotsScenario: Scenario = {
  name: "GET /v2/slots/available 30d",
  minRatio: 0.4,
  async prepare() {
    const { eventType } = await makeHostWithEventType();
    for (let day = 1; day <= 10; day++) {
      await createBooking(null, { eventTypeId: eventType.id, start: utcAt(day, 10), attendee: attendee() }, { idempotencyKey: null });
    }
    const query = new URLSearchParams({ eventTypeId: String(eventType.id), startTime: utcAt(1, 0).toISOString(), endTime: utcAt(31, 0).toISOString() });
    return { path: `/v2/slots/available?${query}`, expectStatus: 200 };
  },
};
