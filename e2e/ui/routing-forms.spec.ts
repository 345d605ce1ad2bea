/**
 * Routing forms in Chromium: a form built on the Routing forms page (a question, a rule, a fallback), answered on its
 * public page, routes by its rules to the event type's booking page with the answers prefilled; the booking carries
 * them and is recorded on the response, which the responses table lists and exports to CSV. axe finds nothing
 * serious at 1280 and 390 px, light and dark, on the builder and the public page.
 */
import { readFile } from "node:fs/promises";
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { seriousAxeViolations } from "../support/axe-serious";
import { expect, test } from "../support/fixtures";
import { logInAt } from "../support/site";

test.afterAll(() => disconnectDb());

async function axeEverywhere(page: import("@playwright/test").Page) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousAxeViolations(page), `${scheme} at ${width} px`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("build a form, answer it, land on the booking page with the answers, book; the response lists the booking", async ({ page }) => {
  const { host, eventType } = await makeHostWithEventType({
    hours: { startMinute: 0, endMinute: 24 * 60 },
    eventType: { bookingFields: [{ type: "text", slug: "company", label: "Company", required: true }] },
  });
  await logInAt(page, "/routing-forms", host.email);
  await expect(page.getByRole("heading", { level: 1, name: "Routing forms" })).toBeVisible();

  const creating = page.getByRole("form", { name: "New routing form" });
  await creating.getByRole("button", { name: "Create form" }).click();
  await expect(creating.getByText(/name/i).first()).toBeVisible();
  await creating.getByLabel("Name").fill("Intake");
  await creating.getByRole("button", { name: "Create form" }).click();
  const card = page.getByRole("listitem", { name: "Routing form Intake" });
  await expect(card).toBeVisible();

  await card.getByRole("button", { name: "Edit" }).click();
  const builder = card.getByRole("form", { name: "Edit Intake" });
  const group = (name: string) => builder.getByRole("group", { name, exact: true });
  await builder.getByRole("button", { name: "Add a question" }).click();
  await group("Question 1").getByRole("textbox", { name: "Question 1" }).fill("Team size");
  await group("Question 1").getByLabel("Identifier").fill("seats");
  await group("Question 1").getByLabel("Kind").selectOption("number");
  await builder.getByRole("button", { name: "Add a question" }).click();
  await group("Question 2").getByRole("textbox", { name: "Question 2" }).fill("Company");
  await group("Question 2").getByLabel("Identifier").fill("company");

  await builder.getByRole("button", { name: "Add a route" }).click();
  await group("Route 1").getByLabel("Event type").selectOption(String(eventType.id));
  await builder.getByRole("button", { name: "Add a condition to route 1" }).click();
  await group("Route 1, condition 1").getByLabel("Test").selectOption("between");
  await group("Route 1, condition 1").getByLabel("From").fill("10");
  await builder.getByRole("button", { name: "Add a route" }).click();
  await group("Route 2").getByLabel("Route 2 sends to").selectOption("customPageMessage");
  await group("Route 2").getByLabel("Message").fill("A small team? Our guides will help.");
  await group("Route 2")
    .getByLabel(/Fallback/)
    .check();
  await axeEverywhere(page);
  await builder.getByRole("button", { name: "Save form" }).click();
  await expect(card.getByText("2 question(s), 2 route(s)")).toBeVisible();
  const form = await db.routingForm.findFirstOrThrow({ where: { userId: host.id } });

  // A small team takes the fallback: its message, on the public page.
  await page.goto(`/forms/${form.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Intake" })).toBeVisible();
  await axeEverywhere(page);
  await page.getByLabel("Team size").fill("many");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(/Team size: Must be a number/)).toBeVisible();
  await page.getByLabel("Team size").fill("3");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("routing-message")).toHaveText("A small team? Our guides will help.");

  // A large one goes to the event type, its answers prefilled, and the booking carries them.
  await page.goto(`/forms/${form.id}`);
  await page.getByLabel("Team size").fill("40");
  await page.getByLabel("Company").fill("Acme");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(new RegExp(`/${host.username}/${eventType.slug}\\?`));
  const responseId = Number(new URL(page.url()).searchParams.get("routingFormResponseId"));
  await page.locator("button:has(time[datetime])").first().click();
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await page.getByLabel("E-mail").fill("ada@example.test");
  await expect(page.getByLabel("Company")).toHaveValue("Acme");
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("heading", { name: "This meeting is scheduled" })).toBeVisible();
  const response = await db.routingFormResponse.findUniqueOrThrow({ where: { id: responseId } });
  const booking = await db.booking.findUniqueOrThrow({ where: { uid: response.routedToBookingUid! } });
  expect(booking.bookingFieldsResponses).toMatchObject({ company: "Acme" });

  await page.goto("/routing-forms");
  await card.getByRole("button", { name: "Responses" }).click();
  const table = card.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByText(booking.uid)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: "Export to CSV" }).click()]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("Response,Submitted,Team size,Company,Booking");
  expect(csv).toContain(`,40,Acme,${booking.uid}`);
});
