/**
 * Without ALLOW_PRIVATE_NETWORK_URLS, connecting a calendar at a loopback or private address is refused, and nothing is
 * stored; the refusal names the setting that allows it (self-hosters run CalDAV servers on their LAN).
 */
import { sessionActor } from "../auth/actor";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { db } from "../db/client";
import { PRIVATE_NETWORK_HINT } from "../security/outbound-http";
import { checkIcsFeed, saveCalDavCredentials, saveIcsFeed } from "./calendars.service";

process.env.ALLOW_PRIVATE_NETWORK_URLS = "false";

describe("user-supplied calendar URLs on private networks", () => {
  it("refuses ICS feeds at literal private addresses and names resolving to loopback", async () => {
    const user = await makeUser();
    await expect(saveIcsFeed(sessionActor(user.id), { urls: ["http://169.254.169.254/latest/meta-data/"], readOnly: true })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      details: [{ path: "body.urls.0", message: `169.254.169.254 is a private or reserved address; ${PRIVATE_NETWORK_HINT}` }],
    });
    await expect(saveIcsFeed(sessionActor(user.id), { urls: ["http://localhost:1/feed.ics"], readOnly: true })).rejects.toMatchObject({
      details: [
        { path: "body.urls.0", message: expect.stringMatching(/localhost resolves to a private or reserved address .*ALLOW_PRIVATE_NETWORK_URLS=true/) },
      ],
    });
    await expect(checkIcsFeed(sessionActor(user.id), "http://[::1]/feed.ics")).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("refuses a CalDAV server on loopback", async () => {
    const user = await makeUser();
    await expect(saveCalDavCredentials(sessionActor(user.id), { username: "a", password: "b", url: "http://127.0.0.1:5232/" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/private or reserved.*ALLOW_PRIVATE_NETWORK_URLS=true/),
    });
    expect(await db.credential.count({ where: { userId: user.id } })).toBe(0);
  });
});
