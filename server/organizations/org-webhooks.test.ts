/**
 * An organization's webhooks on the real database: its owners and admins manage them (org.webhooks.*), and they hear
 * of every booking of the organization's teams and of its accepted members, through the one subscription predicate
 * (webhook-subscriptions.ts) — and of nothing else: not a booking outside, not one of someone who never accepted, not
 * another organization's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAppError } from "../../e2e/support/rejections";
import { makeUser } from "../../prisma/factories";
import { attendee, makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { addMember, makeTeam, makeTeamEventType } from "../../prisma/team-factories";
import { sessionActor } from "../auth/actor";
import { createBooking } from "../bookings/create";
import { db, disconnectDb } from "../db/client";
import type { DomainEvent } from "../events/domain-events";
import { messagesForEvent } from "../webhooks/webhook-messages";
import { createWebhook, listWebhooks } from "../webhooks/webhook.service";

afterAll(() => disconnectDb());

const noKey = { idempotencyKey: null };
const local = { allowPrivateNetwork: true, resolve: async () => [{ address: "127.0.0.1", family: 4 as const }] };
const body = { subscriberUrl: "http://127.0.0.1:9/org", triggers: ["BOOKING_CREATED" as const], active: true };

let org: { id: number };
let orgAdminId: number;
let orgWebhookId: number;
let otherOrgWebhookId: number;

/** The webhooks a new booking of `eventTypeId` made messages for. */
async function webhooksHearing(eventTypeId: number, day: number) {
  const { booking } = await createBooking(null, { eventTypeId, start: utcAt(day, 10), attendee: attendee() }, noKey);
  const event = await db.domainEvent.findFirstOrThrow({ where: { bookingId: booking.id, type: "BOOKING_CREATED" } });
  await messagesForEvent(event as DomainEvent);
  return (await db.webhookMessage.findMany({ where: { eventId: event.id }, select: { webhookId: true } })).map(({ webhookId }) => webhookId);
}

beforeAll(async () => {
  org = await makeTeam({ isOrganization: true });
  const orgAdmin = await makeUser();
  orgAdminId = orgAdmin.id;
  await addMember(org.id, orgAdmin.id, "ADMIN");
  orgWebhookId = (await createWebhook(sessionActor(orgAdmin.id), { kind: "organization", orgId: org.id }, body, local)).id;
  const otherOrg = await makeTeam({ isOrganization: true });
  const otherAdmin = await makeUser();
  await addMember(otherOrg.id, otherAdmin.id, "OWNER");
  otherOrgWebhookId = (await createWebhook(sessionActor(otherAdmin.id), { kind: "organization", orgId: otherOrg.id }, body, local)).id;
});

describe("an organization's webhook", () => {
  it("hears of a booking of one of the organization's teams (a round-robin event type)", async () => {
    const { team, eventType, hostIds } = await makeTeamEventType({ hosts: 2, schedulingType: "ROUND_ROBIN" });
    await db.team.update({ where: { id: team.id }, data: { parentId: org.id } });
    // Hosts of an organization's team outside the organization itself: the team alone brings the booking in.
    expect(await db.membership.count({ where: { teamId: org.id, userId: { in: hostIds } } })).toBe(0);
    expect(await webhooksHearing(eventType.id, 2)).toEqual([orgWebhookId]);
  });

  it("hears of a booking of an accepted member's own event type", async () => {
    const { host, eventType } = await makeHostWithEventType();
    await addMember(org.id, host.id, "MEMBER");
    expect(await webhooksHearing(eventType.id, 3)).toEqual([orgWebhookId]);
  });

  it("hears nothing of a booking outside: a free-standing team's, a stranger's, or someone's who was invited and never accepted", async () => {
    const free = await makeTeamEventType({ hosts: 1, schedulingType: "COLLECTIVE" });
    expect(await webhooksHearing(free.eventType.id, 4)).toEqual([]);
    const stranger = await makeHostWithEventType();
    expect(await webhooksHearing(stranger.eventType.id, 5)).toEqual([]);
    const invited = await makeHostWithEventType();
    await addMember(org.id, invited.host.id, "MEMBER", false);
    expect(await webhooksHearing(invited.eventType.id, 6)).toEqual([]);
    expect(await db.webhookMessage.count({ where: { webhookId: otherOrgWebhookId } })).toBe(0);
  });

  it("is managed by the organization's owners and admins only: a member 403, anyone else 404", async () => {
    const listed = await listWebhooks(sessionActor(orgAdminId), { kind: "organization", orgId: org.id });
    expect(listed.items).toEqual([expect.objectContaining({ id: orgWebhookId, teamId: org.id, subscriberUrl: body.subscriberUrl })]);
    const member = await makeUser();
    await addMember(org.id, member.id, "MEMBER");
    await expectAppError(createWebhook(sessionActor(member.id), { kind: "organization", orgId: org.id }, body, local), "FORBIDDEN");
    const outsider = await makeUser();
    const refused = await expectAppError(listWebhooks(sessionActor(outsider.id), { kind: "organization", orgId: org.id }), "NOT_FOUND");
    expect(refused.message).toBe("Organization not found");
  });
});
