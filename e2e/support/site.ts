/** Helpers for browser specs of the signed-in site: log in through the form, pick from React Aria selects and date pickers. */
import type { Locator, Page } from "@playwright/test";
import { DEFAULT_PASSWORD } from "../../prisma/factories";
import { expect } from "./fixtures";

/** Opens `path`, which sends a signed-out visitor to log in and back (to `landing`, where `path` redirects). */
export async function logInAt(page: Page, path: string, email: string, { password = DEFAULT_PASSWORD, landing = path } = {}) {
  await page.goto(path);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(landing);
}

/** A React Aria Select: its button is named by its value, then its label; the options are a listbox. */
export async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole("button", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A React Aria DatePicker in an en-US page: the segments take the digits month, day, year in turn. */
export async function typeDate(group: Locator, isoDate: string) {
  const [year, month, day] = isoDate.split("-");
  await group.getByRole("spinbutton").first().click();
  await group.page().keyboard.type(`${month}${day}${year}`);
}

/** Next.js keeps an empty role="alert" route announcer on every page, so alerts are found by their text. */
export const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

export const toastWith = (page: Page, text: string) => page.getByRole("alertdialog").or(page.getByRole("status")).filter({ hasText: text }).first();
