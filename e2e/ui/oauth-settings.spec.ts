/**
 * OAuth settings pages in Chromium: the register form's field errors, the two-secret limit, the admin
 * page refusing non-admins, an admin's rejection with a required reason, and an edit that sends an
 * accepted client back to review.
 */
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { DEFAULT_PASSWORD, makeUser } from "../../prisma/factories";
import { makeOAuthClient } from "../../prisma/oauth-factories";
import { expect, test } from "../support/fixtures";

const CLIENTS_PATH = "/settings/developer/oauth";
const REVIEW_PATH = "/settings/admin/oauth";

const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex")}`;

/** Next.js keeps an empty role="alert" route announcer on every page, so alerts are found by their text. */
const alertWith = (scope: Page | Locator, text: string) => scope.getByRole("alert").filter({ hasText: text });

async function logInAt(page: Page, path: string, email: string) {
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(path);
}

test("the register form shows an insecure redirect URI and a missing scope next to their fields", async ({ page }) => {
  const developer = await makeUser();
  const name = uniqueName("Insecure app");
  await logInAt(page, CLIENTS_PATH, developer.email);
  await expect(page.getByText("You have not registered any OAuth clients yet.")).toBeVisible();

  await page.getByRole("button", { name: "Register a client" }).click();
  const form = page.getByRole("form", { name: "Register an OAuth client" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Website URL").fill("https://insecure.example.test");
  await form.getByLabel("Redirect URI 1").fill("https://insecure.example.test/callback");
  await form.getByRole("button", { name: "Add redirect URI" }).click();
  await form.getByLabel("Redirect URI 2").fill("http://insecure.example.test/callback");
  await form.getByLabel("Purpose").fill("Shows the user's bookings on a wall display.");
  await form.getByRole("button", { name: "Register client" }).click();

  await expect(alertWith(form, "Please correct the highlighted fields")).toBeVisible();
  const httpMessage = "Redirect URIs must use https (http is allowed only for localhost)";
  await expect(form.getByLabel("Redirect URI 2")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Redirect URI 2")).toHaveAccessibleDescription(httpMessage);
  await expect(form.getByLabel("Redirect URI 1")).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("group", { name: "Scopes" })).toHaveAccessibleDescription("Select at least one scope");

  // Fixed: loopback http is allowed, and one scope is enough.
  await form.getByLabel("Redirect URI 2").fill("http://localhost:8080/callback");
  await form.getByRole("checkbox", { name: /^BOOKING_READ/ }).check();
  await form.getByRole("button", { name: "Register client" }).click();
  await expect(page.getByText(`“${name}” is registered and waits for review`)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "New client secret" })).toHaveValue(/^cnv_cs_/);
  const card = page.getByRole("article", { name });
  await expect(card.getByText("Pending review")).toBeVisible();
  // Who reviews it, and on an instance with no admin yet, how the operator makes one.
  const review = card.getByRole("status").filter({ hasText: "waits for review by an administrator of this Convene instance" });
  await expect(review).toContainText("No administrator yet? Whoever runs this instance makes one");
  await expect(review.getByText("npm run cli -- admin:grant --email <an existing user's e-mail>")).toBeVisible();
  await expect(card.getByRole("list", { name: `Redirect URIs of ${name}` }).getByRole("listitem")).toHaveText([
    "https://insecure.example.test/callback",
    "http://localhost:8080/callback",
  ]);
});

test("a third client secret is refused until one is revoked", async ({ page }) => {
  const name = uniqueName("Two secrets");
  const { owner } = await makeOAuthClient({ name });
  await logInAt(page, CLIENTS_PATH, owner.email);
  const card = page.getByRole("article", { name });
  const secrets = card.getByRole("list", { name: `Secrets of ${name}` }).getByRole("listitem");
  await expect(secrets).toHaveCount(1);

  await card.getByRole("button", { name: "Generate secret" }).click();
  await expect(card.getByRole("textbox", { name: "New client secret" })).toHaveValue(/^cnv_cs_/);
  await expect(secrets).toHaveCount(2);

  await card.getByRole("button", { name: "Generate secret" }).click();
  await expect(alertWith(card, "A client can hold at most 2 secrets. Revoke one before generating another.")).toBeVisible();
  await expect(secrets).toHaveCount(2);

  const firstHint = (await secrets.first().locator("code").innerText()).slice(1);
  await card.getByRole("button", { name: `Revoke secret ending in ${firstHint}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke the secret ending in ${firstHint}?` });
  await dialog.getByRole("button", { name: "Revoke secret" }).click();
  await expect(dialog).toBeHidden();
  await expect(secrets).toHaveCount(1);
  await card.getByRole("button", { name: "Generate secret" }).click();
  await expect(secrets).toHaveCount(2);
});

test("a non-admin sees neither the review entry nor the review queue", async ({ page }) => {
  const name = uniqueName("Hidden pending");
  await makeOAuthClient({ name, accept: false });
  const user = await makeUser();
  await logInAt(page, REVIEW_PATH, user.email);
  await expect(alertWith(page, "You need administrator rights to review OAuth clients.")).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Accept/ })).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Settings" });
  await expect(nav.getByRole("link", { name: "OAuth clients" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "OAuth review" })).toHaveCount(0);
});

test("an admin rejects a client only with a reason, and the owner reads it in the page", async ({ page, browser }) => {
  const name = uniqueName("Vague app");
  const { owner } = await makeOAuthClient({ name, accept: false });
  const admin = await makeUser({ role: "ADMIN" });
  await logInAt(page, "/settings/developer/api-keys", admin.email);
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "OAuth review" }).click();
  await expect(page).toHaveURL(REVIEW_PATH);

  const pending = page.getByRole("region", { name: /Waiting for review/ }).getByRole("article", { name });
  await expect(pending).toContainText(owner.email);
  await pending.getByRole("button", { name: `Reject ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Reject “${name}”?` });
  await dialog.getByRole("button", { name: "Reject client" }).click();
  await expect(dialog.getByLabel("Reason (sent to the owner)")).toHaveAccessibleDescription("Give a reason");
  await dialog.getByLabel("Reason (sent to the owner)").fill("The purpose does not say which data the app stores.");
  await dialog.getByRole("button", { name: "Reject client" }).click();
  await expect(dialog).toBeHidden();
  const reviewed = page.getByRole("region", { name: /Reviewed/ }).getByRole("article", { name });
  await expect(reviewed.getByText("Rejected", { exact: true })).toBeVisible();

  const ownerPage = await browser.newPage();
  await logInAt(ownerPage, CLIENTS_PATH, owner.email);
  await expect(alertWith(ownerPage.getByRole("article", { name }), "The purpose does not say which data the app stores.")).toBeVisible();
  await ownerPage.close();
});

test("editing an accepted client sends it back to review", async ({ page }) => {
  const name = uniqueName("Accepted app");
  const { owner } = await makeOAuthClient({ name });
  await logInAt(page, CLIENTS_PATH, owner.email);
  const card = page.getByRole("article", { name });
  await expect(card.getByText("Accepted", { exact: true })).toBeVisible();

  await card.getByRole("button", { name: `Edit ${name}` }).click();
  const form = card.getByRole("form", { name: `Edit “${name}”` });
  await expect(form.getByRole("status")).toContainText("sends this client back to review. Users who already authorized it keep working");
  await expect(form.getByRole("radio")).toHaveCount(0);
  await form.getByLabel("Purpose").fill("Syncs bookings into a shared team calendar.");
  await form.getByRole("button", { name: "Save changes" }).click();

  await expect(form).toBeHidden();
  await expect(card.getByText("Pending review")).toBeVisible();
  await expect(card.getByText("Changes saved. The client is back in review.")).toBeVisible();
  await expect(card).toContainText("Syncs bookings into a shared team calendar.");
});
