/**
 * The form kit's fields accept input only once React owns them. Letters typed into the server's HTML before
 * hydration are dropped when the form registers its fields (a CI run lost "Summer hours" that way), so the kit
 * serves its fields disabled and enables them on hydration: without JavaScript they stay disabled, with it they work.
 */
import { expect, test } from "../support/fixtures";

const loginFields = (page: import("@playwright/test").Page) => [page.getByLabel("E-mail"), page.getByLabel("Password")];

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server's HTML serves the form's fields and its button disabled", async ({ page }) => {
    await page.goto("/auth/login");
    for (const field of loginFields(page)) await expect(field).toBeDisabled();
    await expect(page.getByRole("button", { name: "Log in" })).toBeDisabled();
  });
});

test("once hydrated, the same fields take input and keep it", async ({ page }) => {
  await page.goto("/auth/login");
  const [email, password] = loginFields(page);
  await email!.fill("someone@example.com");
  await password!.fill("correct horse");
  await expect(email!).toHaveValue("someone@example.com");
  await expect(password!).toHaveValue("correct horse");
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
});
