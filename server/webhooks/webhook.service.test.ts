/** Webhook use cases on the real database: secrets shown once and sealed, rotation, refusals that store nothing, levels. */
import { beforeAll, describe, expect, it } from "vitest";
import { sessionActor } from "../auth/actor";
import { makeUser } from "../../prisma/factories";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { db } from "../db/client";
import type { WebhookOwner } from "./webhook-access";
import { createWebhook, deleteAllWebhooks, getWebhook, listWebhooks, updateWebhook } from "./webhook.service";
import { signingSecretsOf } from "./webhook-secrets";
import type { UrlPolicy } from "./webhook-url";

const publicDns: UrlPolicy = { allowPrivateNetwork: false, resolve: async () => [{ address: "93.184.216.34", family: 4 }] };
const input = { subscriberUrl: "https://hooks.example.test/in", triggers: ["BOOKING_CREATED" as const], active: true };
const account: WebhookOwner = { kind: "user" };

describe("account webhooks", () => {
  it("shows a generated secret once, keeps it sealed, and signs with it", async () => {
    const user = await makeUser();
    const created = await createWebhook(sessionActor(user.id), account, input, publicDns);
    expect(created).toMatchObject({ userId: user.id, payloadTemplate: null, secret: expect.stringMatching(/^whsec_/) });
    expect(await getWebhook(sessionActor(user.id), account, created.id)).not.toHaveProperty("secret");
    const row = await db.webhook.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretEncrypted).not.toContain(created.secret!.slice(6));
    expect(signingSecretsOf(row)).toEqual([created.secret]);
  });

  it("rotates on a new secret: both sign, the previous for 24 hours", async () => {
    const user = await makeUser();
    const created = await createWebhook(sessionActor(user.id), account, { ...input, secret: "first-secret-0123456789" }, publicDns);
    await updateWebhook(sessionActor(user.id), account, created.id, { secret: "second-secret-0123456789" }, publicDns);
    const row = await db.webhook.findUniqueOrThrow({ where: { id: created.id } });
    expect(signingSecretsOf(row)).toEqual(["second-secret-0123456789", "first-secret-0123456789"]);
    expect(row.previousSecretExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
  });

  it("refuses a subscriber URL on a private address (save time) with the field named, storing nothing", async () => {
    const user = await makeUser();
    const privateDns: UrlPolicy = { allowPrivateNetwork: false, resolve: async () => [{ address: "10.1.2.3", family: 4 }] };
    await expect(createWebhook(sessionActor(user.id), account, input, privateDns)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      details: [{ path: "body.subscriberUrl", message: expect.stringContaining("10.1.2.3") }],
    });
    expect(await db.webhook.count({ where: { userId: user.id } })).toBe(0);
    const created = await createWebhook(sessionActor(user.id), account, input, publicDns);
    await expect(
      updateWebhook(sessionActor(user.id), account, created.id, { subscriberUrl: "https://inside.example.test/" }, privateDns),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await getWebhook(sessionActor(user.id), account, created.id)).toMatchObject({ subscriberUrl: input.subscriberUrl });
  });

  it("turning a disabled webhook back on clears its disabled state", async () => {
    const user = await makeUser();
    const created = await createWebhook(sessionActor(user.id), account, input, publicDns);
    await db.webhook.update({ where: { id: created.id }, data: { active: false, disabledAt: new Date(), disabledReason: "gone" } });
    expect(await updateWebhook(sessionActor(user.id), account, created.id, { active: true }, publicDns)).toMatchObject({ active: true });
    expect(await db.webhook.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ disabledAt: null, disabledReason: null });
  });
});

describe("team event type webhooks", () => {
  let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
  let owner: WebhookOwner;
  beforeAll(async () => {
    world = await makeTenancyWorld();
    const eventType = await db.eventType.create({ data: { teamId: world.team.id, title: "Ours", slug: `ours-${world.team.id}`, lengthInMinutes: 30 } });
    owner = { kind: "teamEventType", teamId: world.team.id, eventTypeId: eventType.id };
  });

  it("admins create and members read; a member cannot write (403) and an outsider finds no team (404)", async () => {
    const created = await createWebhook(sessionActor(world.users.admin.id), owner, input, publicDns);
    expect((await listWebhooks(sessionActor(world.users.member.id), owner)).items.map(({ id }) => id)).toEqual([created.id]);
    await expect(createWebhook(sessionActor(world.users.member.id), owner, input, publicDns)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(updateWebhook(sessionActor(world.users.member.id), owner, created.id, { active: false }, publicDns)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(listWebhooks(sessionActor(world.users.outsider.id), owner)).rejects.toMatchObject({ message: "Team not found" });
    await expect(deleteAllWebhooks(sessionActor(world.users.outsider.id), owner)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await deleteAllWebhooks(sessionActor(world.users.owner.id), owner)).toBe("1 webhooks deleted");
  });
});
