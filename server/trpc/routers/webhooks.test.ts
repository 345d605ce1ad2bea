/**
 * The site's webhook procedures on the real database: the list groups every webhook the user manages by what it
 * belongs to, and a team event type's webhook passes the team check of its /v2 route (404 for a non-member, 403 for
 * a MEMBER's actions) before the service's own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../../prisma/factories";
import { makeTenancyWorld } from "../../../prisma/team-factories";
import { sessionActor } from "../../auth/actor";
import { db, disconnectDb } from "../../db/client";
import { AppError } from "../../errors";
import { createCallerFactory } from "../init";
import { appRouter } from "../root";

afterAll(() => disconnectDb());

const callerFor = (userId: number) => createCallerFactory(appRouter)({ actor: sessionActor(userId), clientAddress: "127.0.0.1" });

const hook = (owner: { userId?: number; eventTypeId?: number }) =>
  db.webhook
    .create({ data: { ...owner, subscriberUrl: "https://hooks.example.test/", triggers: ["BOOKING_CREATED"], secretEncrypted: "unused" } })
    .then((row) => row.id);

let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
let personalTypeId: number;
let teamTypeId: number;
let ids: { account: number; personal: number; team: number };

beforeAll(async () => {
  world = await makeTenancyWorld();
  const admin = world.users.admin;
  personalTypeId = (await db.eventType.create({ data: { userId: admin.id, title: "Intro", slug: `intro-${admin.id}`, lengthInMinutes: 30 } })).id;
  teamTypeId = (await db.eventType.create({ data: { teamId: world.team.id, title: "Demo", slug: `demo-${admin.id}`, lengthInMinutes: 30 } })).id;
  ids = { account: await hook({ userId: admin.id }), personal: await hook({ eventTypeId: personalTypeId }), team: await hook({ eventTypeId: teamTypeId }) };
});

/** The AppError code a call is refused with (the procedure's cause), or "resolved". */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => "resolved",
    (error: { cause?: unknown }) => (error.cause instanceof AppError ? error.cause.code : String(error)),
  );

describe("webhooks.list", () => {
  it("groups the account's, each event type's and each managed team event type's webhooks, each with its owner", async () => {
    const groups = await callerFor(world.users.admin.id).webhooks.list();
    expect(groups.map(({ owner, label, webhooks }) => ({ owner, label, ids: webhooks.map((webhook) => webhook.id) }))).toEqual([
      { owner: { kind: "user" }, label: "Your account", ids: [ids.account] },
      { owner: { kind: "eventType", eventTypeId: personalTypeId }, label: "Event type: Intro", ids: [ids.personal] },
      { owner: { kind: "teamEventType", teamId: world.team.id, eventTypeId: teamTypeId }, label: `Team ${world.team.name}, event type: Demo`, ids: [ids.team] },
    ]);
  });

  it("leaves out the team's webhooks for a MEMBER (who may not manage them) and anything of others for a stranger", async () => {
    const empty = [{ key: "account", owner: { kind: "user" }, label: "Your account", webhooks: [] }];
    expect(await callerFor(world.users.member.id).webhooks.list()).toEqual(empty);
    expect(await callerFor((await makeUser()).id).webhooks.list()).toEqual(empty);
  });
});

describe("actions on a team event type's webhook", () => {
  const teamOwner = () => ({ kind: "teamEventType" as const, teamId: world.team.id, eventTypeId: teamTypeId });

  it("lets an ADMIN read the delivery log; a MEMBER reads it too but is refused the actions (403)", async () => {
    expect(await callerFor(world.users.admin.id).webhooks.deliveries({ id: ids.team, owner: teamOwner() })).toEqual([]);
    const member = callerFor(world.users.member.id);
    expect(await member.webhooks.deliveries({ id: ids.team, owner: teamOwner() })).toEqual([]);
    expect(await refusal(member.webhooks.sendTest({ id: ids.team, owner: teamOwner() }))).toBe("FORBIDDEN");
    expect(await refusal(member.webhooks.redeliver({ id: ids.team, owner: teamOwner(), messageId: "msg_x" }))).toBe("FORBIDDEN");
    expect(await refusal(member.webhooks.update({ id: ids.team, owner: teamOwner(), changes: { active: false } }))).toBe("FORBIDDEN");
    expect(await refusal(member.webhooks.delete({ id: ids.team, owner: teamOwner() }))).toBe("FORBIDDEN");
    expect(await db.webhookMessage.count({ where: { webhookId: ids.team } })).toBe(0);
  });

  it("is a 404 for a non-member, and for the webhook named under another level", async () => {
    const outsider = callerFor(world.users.outsider.id);
    expect(await refusal(outsider.webhooks.deliveries({ id: ids.team, owner: teamOwner() }))).toBe("NOT_FOUND");
    expect(await refusal(outsider.webhooks.sendTest({ id: ids.team, owner: teamOwner() }))).toBe("NOT_FOUND");
    const admin = callerFor(world.users.admin.id);
    expect(await refusal(admin.webhooks.deliveries({ id: ids.team }))).toBe("NOT_FOUND");
    expect(await refusal(admin.webhooks.deliveries({ id: ids.team, owner: { kind: "eventType", eventTypeId: teamTypeId } }))).toBe("NOT_FOUND");
    expect(await refusal(admin.webhooks.update({ id: ids.personal, owner: teamOwner(), changes: { active: false } }))).toBe("NOT_FOUND");
    expect(await db.webhook.findUniqueOrThrow({ where: { id: ids.personal } })).toMatchObject({ active: true });
  });
});
