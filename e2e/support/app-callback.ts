import type { Page } from "@playwright/test";

/**
 * Runs `action` (clicking Allow or Deny, say) and returns the URL the browser was then sent to at the
 * app's callback, `redirectUri`. The apps in these tests have no server (their hosts are example.test
 * names or a loopback port nobody listens on), so the test watches the navigation request itself instead
 * of a page loading there. Answering the callback with `page.route` proved unreliable: Chromium sometimes
 * takes the redirect after the consent form's POST straight to DNS, past the interception, and the
 * navigation fails.
 */
export async function callbackAfter(page: Page, redirectUri: string, action: () => Promise<unknown>): Promise<URL> {
  const sentToApp = page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(redirectUri));
  await action();
  return new URL((await sentToApp).url());
}
