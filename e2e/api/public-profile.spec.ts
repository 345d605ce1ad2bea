/** The public listing over HTTP (the embedded database too): /{username} links each visible event type's booking page. */
import { makeHostWithEventType } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

test("a host's page links the visible event types' booking pages and leaves hidden ones out", { tag: "@embedded" }, async ({ request }) => {
  const { host, eventType } = await makeHostWithEventType();
  await db.eventType.create({ data: { userId: host.id, title: "Secret chat", slug: "secret-chat", lengthInMinutes: 15, hidden: true } });
  const profile = await request.get(`/${host.username}`);
  expect(profile.status()).toBe(200);
  const html = await profile.text();
  const links = [...html.matchAll(new RegExp(`href="(/${host.username}/[^"]+)"`, "g"))].map((match) => match[1]);
  expect(links).toEqual([`/${host.username}/${eventType.slug}`]);
  expect(html).not.toContain("Secret chat");
  const bookingPage = await request.get(links[0]!);
  expect(bookingPage.status()).toBe(200);
  expect(await bookingPage.text()).toContain("Intro call");
  expect((await request.get(`/${host.username}-nobody`)).status()).toBe(404);
});
