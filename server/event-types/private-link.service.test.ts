import { sessionActor } from "../auth/actor";
import { afterAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { makeUser } from "../../prisma/factories";
import { db, disconnectDb } from "../db/client";
import { env } from "../env";
import { createEventType } from "./event-type.service";
import { expectAppError, rejectionOf } from "../../e2e/support/rejections";
import { consumePrivateLinkUse, createPrivateLink, deletePrivateLink, listPrivateLinks, resolvePrivateLink, updatePrivateLink } from "./private-link.service";

afterAll(() => disconnectDb());

async function ownerWithEventType() {
  const user = await makeUser();
  const eventType = await createEventType(sessionActor(user.id), { title: "Secret", slug: "secret", lengthInMinutes: 30, hidden: true });
  return { user, eventType };
}

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe("private links of an event type", () => {
  it("creates usage-based, time-based and (by default) one-time links with an unguessable id", async () => {
    const { user, eventType } = await ownerWithEventType();
    const usage = await createPrivateLink(sessionActor(user.id), eventType.id, { maxUsageCount: 3 });
    expect(usage).toEqual({
      linkId: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      eventTypeId: eventType.id,
      isExpired: false,
      bookingUrl: `${env().APP_URL.replace(/\/$/, "")}/d/${usage.linkId}/secret`,
      maxUsageCount: 3,
      usageCount: 0,
    });
    const expiresAt = inOneHour();
    expect(await createPrivateLink(sessionActor(user.id), eventType.id, { expiresAt })).toMatchObject({
      isExpired: false,
      expiresAt: new Date(expiresAt).toISOString(),
    });
    expect(await createPrivateLink(sessionActor(user.id), eventType.id, {})).toMatchObject({ maxUsageCount: 1, usageCount: 0 });
    expect(await listPrivateLinks(sessionActor(user.id), eventType.id)).toHaveLength(3);
  });

  it.each([
    { case: "both limits", input: () => ({ expiresAt: inOneHour(), maxUsageCount: 2 }), path: "maxUsageCount" },
    { case: "a past expiry", input: () => ({ expiresAt: "2020-01-01T00:00:00Z" }), path: "expiresAt" },
    { case: "zero uses", input: () => ({ maxUsageCount: 0 }), path: "maxUsageCount" },
  ])("refuses $case with a ZodError", async ({ input, path }) => {
    const { user, eventType } = await ownerWithEventType();
    const error = await rejectionOf(createPrivateLink(sessionActor(user.id), eventType.id, input()));
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.path.join("."))).toContain(path);
  });

  it("switches a link's kind on update, keeping its usage count", async () => {
    const { user, eventType } = await ownerWithEventType();
    const link = await createPrivateLink(sessionActor(user.id), eventType.id, { maxUsageCount: 2 });
    expect(await consumePrivateLinkUse(db, link.linkId)).toBe(true);
    const expiresAt = inOneHour();
    const timed = await updatePrivateLink(sessionActor(user.id), eventType.id, link.linkId, { expiresAt });
    expect(timed).toEqual({
      linkId: link.linkId,
      eventTypeId: eventType.id,
      isExpired: false,
      bookingUrl: link.bookingUrl,
      expiresAt: new Date(expiresAt).toISOString(),
    });
    expect(await updatePrivateLink(sessionActor(user.id), eventType.id, link.linkId, { maxUsageCount: 1 })).toMatchObject({
      maxUsageCount: 1,
      usageCount: 1,
      isExpired: true,
    });
    expect(await rejectionOf(updatePrivateLink(sessionActor(user.id), eventType.id, link.linkId, {}))).toBeInstanceOf(ZodError);
  });

  it("answers another user's event type or link with NOT_FOUND", async () => {
    const [mine, theirs] = await Promise.all([ownerWithEventType(), ownerWithEventType()]);
    const link = await createPrivateLink(sessionActor(theirs.user.id), theirs.eventType.id, { maxUsageCount: 1 });
    await expectAppError(listPrivateLinks(sessionActor(mine.user.id), theirs.eventType.id), "NOT_FOUND");
    await expectAppError(createPrivateLink(sessionActor(mine.user.id), theirs.eventType.id, {}), "NOT_FOUND");
    await expectAppError(updatePrivateLink(sessionActor(mine.user.id), mine.eventType.id, link.linkId, { maxUsageCount: 9 }), "NOT_FOUND");
    await expectAppError(deletePrivateLink(sessionActor(mine.user.id), mine.eventType.id, link.linkId), "NOT_FOUND");
    expect(await listPrivateLinks(sessionActor(theirs.user.id), theirs.eventType.id)).toEqual([link]);
  });

  it("deletes a link, after which it no longer resolves", async () => {
    const { user, eventType } = await ownerWithEventType();
    const link = await createPrivateLink(sessionActor(user.id), eventType.id, {});
    expect(await deletePrivateLink(sessionActor(user.id), eventType.id, link.linkId)).toEqual({ linkId: link.linkId, message: expect.any(String) });
    expect(await resolvePrivateLink(db, link.linkId)).toBeNull();
  });
});

describe("resolvePrivateLink and consumePrivateLinkUse", () => {
  it("resolves a usable link to its event type and refuses unknown, expired and used-up links", async () => {
    const { user, eventType } = await ownerWithEventType();
    const timed = await createPrivateLink(sessionActor(user.id), eventType.id, { expiresAt: inOneHour() });
    const once = await createPrivateLink(sessionActor(user.id), eventType.id, {});
    expect(await resolvePrivateLink(db, timed.linkId)).toEqual({ eventTypeId: eventType.id });
    expect(await resolvePrivateLink(db, once.linkId)).toEqual({ eventTypeId: eventType.id });
    expect(await resolvePrivateLink(db, "no-such-link")).toBeNull();

    await db.privateLink.update({ where: { hash: timed.linkId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await resolvePrivateLink(db, timed.linkId)).toBeNull();
    expect(await consumePrivateLinkUse(db, timed.linkId)).toBe(false);

    expect(await consumePrivateLinkUse(db, once.linkId)).toBe(true);
    expect(await resolvePrivateLink(db, once.linkId)).toBeNull();
    expect(await listPrivateLinks(sessionActor(user.id), eventType.id)).toEqual([
      expect.objectContaining({ linkId: timed.linkId, isExpired: true }),
      expect.objectContaining({ linkId: once.linkId, isExpired: true, usageCount: 1 }),
    ]);
  });

  it("lets parallel bookings consume exactly the uses a link has", async () => {
    const { user, eventType } = await ownerWithEventType();
    const link = await createPrivateLink(sessionActor(user.id), eventType.id, { maxUsageCount: 3 });
    const results = await Promise.all(Array.from({ length: 8 }, () => db.$transaction((tx) => consumePrivateLinkUse(tx, link.linkId))));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect((await db.privateLink.findUniqueOrThrow({ where: { hash: link.linkId } })).usageCount).toBe(3);
  });

  it("rolls back a consumed use with the caller's transaction", async () => {
    const { user, eventType } = await ownerWithEventType();
    const link = await createPrivateLink(sessionActor(user.id), eventType.id, {});
    await rejectionOf(
      db.$transaction(async (tx) => {
        expect(await consumePrivateLinkUse(tx, link.linkId)).toBe(true);
        throw new Error("booking failed");
      }),
    );
    expect(await resolvePrivateLink(db, link.linkId)).toEqual({ eventTypeId: eventType.id });
  });
});
