/**
 * A seated series in Chromium (issue 38): the host of a seated event type makes it weekly in the editor's Recurring
 * section, which saves (before, a seated event type could not recur), and the seats stay on.
 */
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { choose, logInAt, toastWith } from "../support/site";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

test("the editor saves a recurrence on a seated event type, and its seats stay", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType({ eventType: { seatsPerTimeSlot: 4 } });
  await logInAt(page, `/event-types/${eventType.id}`, host.email);
  await page.getByRole("tab", { name: "Recurring" }).click();
  await choose(page, /Repeats/, "Weekly");
  await page.getByLabel("Occurrences at most").fill("3");
  await page.getByRole("button", { name: "Save recurring" }).click();
  await expect(toastWith(page, "Event type saved").last()).toBeVisible();
  await expect
    .poll(async () => db.eventType.findUniqueOrThrow({ where: { id: eventType.id }, select: { recurrence: true, seatsPerTimeSlot: true } }))
    .toEqual({ recurrence: { frequency: "weekly", interval: 1, occurrences: 3 }, seatsPerTimeSlot: 4 });
});
