/**
 * listOrganizationBookings / bookingsOfOrganization on the real database: the bookings of the organization's teams (and
 * their managed copies) and of its accepted members, for its owners and admins; nothing of another organization's, of
 * a free-standing team's or of someone who never accepted; and an organization admin's page costs no more queries
 * than a team admin's.
 */
process.env.SERVER_TIMING = "1";

import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAppError } from "../../e2e/support/rejections";
import { makeUser } from "../../prisma/factories";
import { addMember, makeTeam, makeTenancyWorld } from "../../prisma/team-factories";
import { sessionActor } from "../auth/actor";
import { ZListBookingsQuery } from "../bookings/booking-list-query";
import { getBooking, getOrganizationBooking, listTeamBookings } from "../bookings/booking-reads";
import { bookingsOfOrganization, resolveBookingsOfOrganization } from "../bookings/booking-access";
import { db, disconnectDb } from "../db/client";
import { parseServerTiming, recordServerTiming } from "../http/server-timing";
import { listOrganizationBookingFilterOptions, listOrganizationBookings, listOrganizationTeamBookings } from "./org-bookings.service";

afterAll(() => disconnectDb());

type Name = "teamCall" | "managedCopy" | "memberPersonal" | "secondTeam" | "otherOrg" | "freeTeam" | "invitedPersonal" | "outsiderPersonal";
const uids = {} as Record<Name, string>;
let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
let otherOrgAdminId: number;
let secondTeamId: number;

const at = (day: number) => new Date(Date.UTC(2032, 4, day, 9));

async function book(eventTypeId: number, hostId: number, start: Date) {
  const end = new Date(start.getTime() + 30 * 60_000);
  const booking = await db.booking.create({
    data: {
      uid: randomBytes(8).toString("hex"),
      eventTypeId,
      title: "Call",
      start,
      end,
      status: "ACCEPTED",
      hosts: { create: [{ userId: hostId, start, end, isLive: true }] },
      attendees: { create: [{ name: "Ada", email: "ada@example.test", timeZone: "UTC" }] },
    },
  });
  return booking.uid;
}

beforeAll(async () => {
  world = await makeTenancyWorld();
  const { member, orgMember, invited, outsider } = world.users;
  const tag = randomBytes(3).toString("hex");
  const type = (data: { teamId?: number; userId?: number; parentId?: number }, slug: string) =>
    db.eventType.create({ data: { ...data, title: slug, slug: `${slug}-${tag}`, lengthInMinutes: 30 } });
  const secondTeam = await makeTeam({ parentId: world.org.id });
  secondTeamId = secondTeam.id;
  const otherOrg = await makeTeam({ isOrganization: true });
  const otherOrgTeam = await makeTeam({ parentId: otherOrg.id });
  const otherOrgAdmin = await makeUser();
  otherOrgAdminId = otherOrgAdmin.id;
  await addMember(otherOrg.id, otherOrgAdmin.id, "ADMIN");
  // A user invited to the organization who never accepted: their own bookings stay theirs.
  await addMember(world.org.id, invited.id, "MEMBER", false);
  const call = await type({ teamId: world.team.id }, "call");
  const copy = await type({ userId: member.id, parentId: call.id }, "call-copy");
  uids.teamCall = await book(call.id, member.id, at(1));
  uids.managedCopy = await book(copy.id, member.id, at(2));
  uids.memberPersonal = await book((await type({ userId: orgMember.id }, "personal")).id, orgMember.id, at(3));
  uids.secondTeam = await book((await type({ teamId: secondTeam.id }, "second")).id, outsider.id, at(4));
  uids.otherOrg = await book((await type({ teamId: otherOrgTeam.id }, "other-org")).id, otherOrgAdmin.id, at(5));
  uids.freeTeam = await book((await type({ teamId: world.otherTeam.id }, "free")).id, outsider.id, at(6));
  uids.invitedPersonal = await book((await type({ userId: invited.id }, "invited")).id, invited.id, at(7));
  uids.outsiderPersonal = await book((await type({ userId: outsider.id }, "outsider")).id, outsider.id, at(8));
});

const nameOf = (uid: string) => (Object.entries(uids) as [Name, string][]).find(([, value]) => value === uid)?.[0];
const list = async (userId: number, query: Record<string, string> = {}, orgId = world.org.id) =>
  (await listOrganizationBookings(sessionActor(userId), orgId, ZListBookingsQuery.parse({ afterStart: at(1).toISOString(), ...query }))).items.map(({ uid }) =>
    nameOf(uid),
  );

describe("listOrganizationBookings", () => {
  it("lists the bookings of the organization's teams, their managed copies and its accepted members, by start, to its owners and admins", async () => {
    const expected = ["teamCall", "managedCopy", "memberPersonal", "secondTeam"];
    expect(await list(world.users.orgAdmin.id)).toEqual(expected);
    expect(await list(world.users.orgOwner.id)).toEqual(expected);
  });

  it("reads the same rows through the resolved id lists as through bookingsOfOrganization, and none for a plain member", async () => {
    const idsWhere = async (where: object) => (await db.booking.findMany({ where, select: { id: true }, orderBy: { id: "asc" } })).map(({ id }) => id);
    for (const user of [world.users.orgAdmin, world.users.orgOwner]) {
      const actor = sessionActor(user.id);
      const resolved = await resolveBookingsOfOrganization(actor, world.org.id);
      expect(await idsWhere(resolved!)).toEqual(await idsWhere(bookingsOfOrganization(actor, world.org.id)));
    }
    expect(await resolveBookingsOfOrganization(sessionActor(otherOrgAdminId), world.org.id)).toBeNull();
  });

  it("opens any booking of its list, a member's personal one included, to its admins only", async () => {
    const admin = sessionActor(world.users.orgAdmin.id);
    expect((await getOrganizationBooking(admin, world.org.id, uids.memberPersonal)).uid).toBe(uids.memberPersonal);
    // The booking's own access does not reach it: the organization's list is the only door, and it only reads.
    await expectAppError(getBooking(admin, uids.memberPersonal), "NOT_FOUND");
    expect((await expectAppError(getOrganizationBooking(admin, world.org.id, uids.otherOrg), "NOT_FOUND")).message).toBe("Booking not found");
    expect((await expectAppError(getOrganizationBooking(sessionActor(otherOrgAdminId), world.org.id, uids.memberPersonal), "NOT_FOUND")).message).toBe(
      "Organization not found",
    );
  });

  it("keeps the peer's filters and pages: teamId, sort, take/skip and cursor", async () => {
    expect(await list(world.users.orgAdmin.id, { teamId: String(secondTeamId) })).toEqual(["secondTeam"]);
    expect(await list(world.users.orgAdmin.id, { sortStart: "desc", take: "2" })).toEqual(["secondTeam", "memberPersonal"]);
    const first = await listOrganizationBookings(
      sessionActor(world.users.orgAdmin.id),
      world.org.id,
      ZListBookingsQuery.parse({ afterStart: at(1).toISOString(), take: "3" }),
    );
    const cursor = first.pagination.nextCursor as string;
    expect(cursor).toBeTruthy();
    expect(await list(world.users.orgAdmin.id, { take: "3", cursor })).toEqual(["secondTeam"]);
    expect(first.pagination.totalItems).toBe(4);
  });

  it("refuses plain members (403), and anyone outside, another organization's admin included (404 'Organization not found')", async () => {
    await expectAppError(list(world.users.orgMember.id), "FORBIDDEN");
    for (const userId of [world.users.outsider.id, world.users.admin.id, world.users.invited.id, otherOrgAdminId]) {
      expect((await expectAppError(list(userId), "NOT_FOUND")).message).toBe("Organization not found");
    }
    // A team id is no organization: the same answer.
    expect((await expectAppError(list(world.users.owner.id, {}, world.team.id), "NOT_FOUND")).message).toBe("Organization not found");
  });

  it("reaches one of the organization's teams through its team route, and no other team", async () => {
    const actor = sessionActor(world.users.orgAdmin.id);
    const query = ZListBookingsQuery.parse({ afterStart: at(1).toISOString() });
    expect((await listOrganizationTeamBookings(actor, world.org.id, world.team.id, query)).items.map(({ uid }) => nameOf(uid))).toEqual([
      "teamCall",
      "managedCopy",
    ]);
    expect((await expectAppError(listOrganizationTeamBookings(actor, world.org.id, world.otherTeam.id, query), "NOT_FOUND")).message).toBe("Team not found");
  });

  it("costs an organization admin no more queries than a team admin for the same page", async () => {
    const query = ZListBookingsQuery.parse({ take: "2" });
    const queries = async (run: () => Promise<unknown>) => {
      const counts = [];
      // The fewest of three: a concurrent test file may invalidate a shared cache once.
      for (let i = 0; i < 3; i++) counts.push(parseServerTiming((await recordServerTiming(run)).header()).db!.queries!);
      return Math.min(...counts);
    };
    const asTeamAdmin = await queries(() => listTeamBookings(sessionActor(world.users.admin.id), world.team.id, query));
    const asOrgAdmin = await queries(() => listOrganizationBookings(sessionActor(world.users.orgAdmin.id), world.org.id, query));
    expect(asTeamAdmin).toBeGreaterThan(0);
    expect(asOrgAdmin).toBeLessThanOrEqual(asTeamAdmin);
  });
});

describe("the site's filter choices for the organization's list", () => {
  it("are the organization's teams and their event types, for those who may read its bookings only", async () => {
    const { org, team, otherTeam, users } = await makeTenancyWorld();
    const eventType = await db.eventType.create({
      data: { teamId: team.id, title: "Demo", slug: "demo", lengthInMinutes: 30, schedulingType: "ROUND_ROBIN" },
    });
    await db.eventType.create({ data: { teamId: otherTeam.id, title: "Elsewhere", slug: "elsewhere", lengthInMinutes: 30, schedulingType: "ROUND_ROBIN" } });
    const options = await listOrganizationBookingFilterOptions(sessionActor(users.orgAdmin.id), org.id);
    expect(options).toEqual({ teams: [{ id: team.id, name: team.name }], eventTypes: [{ id: eventType.id, title: `Demo (${team.name})` }] });
    await expectAppError(listOrganizationBookingFilterOptions(sessionActor(users.orgMember.id), org.id), "FORBIDDEN");
    await expectAppError(listOrganizationBookingFilterOptions(sessionActor(users.outsider.id), org.id), "NOT_FOUND");
  });
});
