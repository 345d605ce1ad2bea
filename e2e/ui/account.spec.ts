/**
 * Account settings in the site: the password changed with the current one required, after which the new one logs in,
 * the old one does not and another browser's session is over; the username's reserved and taken errors on the field;
 * the e-mail address changed through the mailed link; the account deleted, its upcoming bookings cancelled with the
 * attendees told by mail.
 */
import { randomBytes } from "node:crypto";
import { makeUser, uniqueEmail } from "../../prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { bookOverHttp } from "../support/bookings-http";
import { mailsTo } from "../support/mail-catcher";
import { alertWith, logInAt } from "../support/site";

test.afterAll(() => disconnectDb());
test.use({ timezoneId: "UTC", locale: "en-US" });

const NEW_PASSWORD = "a-brand-new-passphrase";

test("change the password: the new one logs in, the old one does not, and the other session is over", async ({ page, browser, baseURL }) => {
  const user = await makeUser({ name: "Pat Secure" });
  const elsewhere = await (await browser.newContext({ baseURL })).newPage();
  await logInAt(elsewhere, "/settings/profile", user.email);

  await logInAt(page, "/settings/security", user.email);
  await page.getByRole("textbox", { name: "Current password" }).fill("not-my-password");
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("textbox", { name: "Current password" })).toHaveAccessibleDescription("The current password is not correct");

  await page.getByRole("textbox", { name: "Current password" }).fill(user.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Your other sessions were logged out.")).toBeVisible();

  // This browser carries on; the other one is sent to log in.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/auth\/login\?callbackUrl=/);

  await page.goto("/auth/logout");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(alertWith(page, "E-mail or password is incorrect")).toBeVisible();
  await logInAt(page, "/settings/profile", user.email, { password: NEW_PASSWORD });
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await elsewhere.context().close();
});

test("the username's reserved and taken errors are shown on the field; a free one is saved", async ({ page }) => {
  const user = await makeUser({ name: "Uma Name" });
  const other = await makeUser();
  await logInAt(page, "/settings/profile", user.email);
  const username = page.getByRole("textbox", { name: "Username" });

  await username.fill("availability");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(username).toHaveAccessibleDescription(/This username is reserved/);

  await username.fill(other.username);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(username).toHaveAccessibleDescription(/This username is taken/);
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).username).toBe(user.username);

  const fresh = `uma-${randomBytes(4).toString("hex")}`;
  await username.fill(fresh);
  await page.getByLabel("Bio (optional)").fill("Books walks.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();
  const saved = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  expect([saved.username, saved.bio]).toEqual([fresh, "Books walks."]);
});

test("a new e-mail address is used once the link mailed to it is opened, and the link works once", async ({ page }) => {
  const user = await makeUser();
  const newEmail = uniqueEmail("moved");
  await logInAt(page, "/settings/profile", user.email);
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText(`Waiting for confirmation of ${newEmail}`)).toBeVisible();
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);

  await expect.poll(() => mailsTo(newEmail).length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => mailsTo(user.email).some((mail) => mail.text.includes(newEmail)), { timeout: 15_000 }).toBe(true);
  const link = /https?:\/\/\S+\/auth\/confirm-email\/[A-Za-z0-9_-]+/.exec(mailsTo(newEmail)[0]!.text)?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link!).pathname;
  expect(await db.emailChangeRequest.count({ where: { tokenHash: path.split("/").at(-1)! } })).toBe(0);

  await page.goto(path);
  await page.getByRole("button", { name: "Confirm e-mail address" }).click();
  await expect(page.getByText(`Your account now uses ${newEmail}`)).toBeVisible();
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(newEmail);

  await page.goto(path);
  await page.getByRole("button", { name: "Confirm e-mail address" }).click();
  await expect(alertWith(page, "This confirmation link is invalid, was already used or has expired")).toBeVisible();
});

test("deleting the account cancels its upcoming bookings and mails their attendees", async ({ page, request }) => {
  const { host, eventType } = await makeHostWithEventType();
  const guest = attendee("Ada Booker");
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 10), { attendee: guest });
  await logInAt(page, "/settings/security", host.email);
  await expect(page.getByText("Every upcoming booking you host is cancelled, and its attendees get a cancellation e-mail.")).toBeVisible();

  await page.getByLabel("Type your username to confirm").fill("someone-else");
  await page.getByLabel("Your password").fill(host.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByLabel("Type your username to confirm")).toHaveAccessibleDescription("This is not your username");

  await page.getByLabel("Type your username to confirm").fill(host.username);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/?account=deleted");
  expect(await db.user.count({ where: { id: host.id } })).toBe(0);
  const cancelled = await db.booking.findUniqueOrThrow({ where: { uid: booking.uid } });
  expect(cancelled.status).toBe("CANCELLED");
  expect(cancelled.cancellationReason).toBe("The host deleted their Convene account");
  await expect.poll(() => mailsTo(guest.email).some((mail) => /cancel/i.test(mail.subject)), { timeout: 20_000 }).toBe(true);
});
