/** listTeamBookings / bookingsOfTeam on the real database: the team's bookings, managed children's, filters, pages, and no one else's. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { makeTeam, makeTenancyWorld } from "../../prisma/team-factories";
import { expectAppError } from "../../e2e/support/rejections";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { ZListBookingsQuery } from "./booking-list-query";
import { listTeamBookings } from "./booking-reads";

afterAll(() => disconnectDb());

let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
const uids: Record<"call" | "demo" | "child" | "collective" | "elsewhere" | "personal", string> = {} as never;

const at = (day: number, hour: number) => new Date(Date.UTC(2031, 2, day, hour));

async function book(eventTypeId: number, hostIds: number[], start: Date, extra: { status?: "ACCEPTED" | "CANCELLED"; attendee?: string } = {}) {
  const end = new Date(start.getTime() + 30 * 60_000);
  const booking = await db.booking.create({
    data: {
      uid: randomBytes(8).toString("hex"),
      eventTypeId,
      title: "Call",
      start,
      end,
      status: extra.status ?? "ACCEPTED",
      hosts: { create: hostIds.map((userId) => ({ userId, start, end, isLive: extra.status !== "CANCELLED" })) },
      attendees: { create: [{ name: extra.attendee ?? "Ada", email: `${extra.attendee ?? "ada"}@example.test`.toLowerCase(), timeZone: "UTC" }] },
    },
  });
  return booking.uid;
}

beforeAll(async () => {
  world = await makeTenancyWorld();
  const { owner, admin, member, outsider } = world.users;
  const tag = randomBytes(3).toString("hex");
  const type = (data: { teamId?: number; userId?: number; parentId?: number }, slug: string) =>
    db.eventType.create({ data: { ...data, title: slug, slug: `${slug}-${tag}`, lengthInMinutes: 30 } });
  const call = await type({ teamId: world.team.id }, "call");
  const demo = await type({ teamId: world.team.id }, "demo");
  const child = await type({ userId: member.id, parentId: call.id }, "call-child");
  const elsewhere = await type({ teamId: world.otherTeam.id }, "elsewhere");
  const personal = await type({ userId: admin.id }, "personal");
  uids.call = await book(call.id, [member.id], at(3, 9), { attendee: "Grace" });
  uids.demo = await book(demo.id, [admin.id], at(1, 9), { status: "CANCELLED" });
  uids.child = await book(child.id, [member.id], at(2, 9));
  uids.collective = await book(call.id, [owner.id, admin.id, member.id], at(4, 9));
  uids.elsewhere = await book(elsewhere.id, [outsider.id], at(2, 10));
  uids.personal = await book(personal.id, [admin.id], at(2, 11));
});

const nameOf = (uid: string) => Object.entries(uids).find(([, value]) => value === uid)?.[0];
const list = async (userId: number, query: Record<string, string> = {}, teamId = world.team.id) =>
  (await listTeamBookings(sessionActor(userId), teamId, ZListBookingsQuery.parse(query))).items.map(({ uid }) => nameOf(uid));

describe("listTeamBookings", () => {
  it("lists the team's event types' bookings and their managed children's, once each, by start", async () => {
    expect(await list(world.users.admin.id)).toEqual(["demo", "child", "call", "collective"]);
    expect(await list(world.users.orgAdmin.id)).toEqual(["demo", "child", "call", "collective"]);
  });

  it("applies the filters, sorts and pages of GET /v2/bookings", async () => {
    const admin = world.users.admin.id;
    expect(await list(admin, { status: "cancelled" })).toEqual(["demo"]);
    expect(await list(admin, { attendeeName: "grace" })).toEqual(["call"]);
    expect(await list(admin, { afterStart: at(2, 0).toISOString(), beforeEnd: at(3, 12).toISOString() })).toEqual(["child", "call"]);
    expect(await list(admin, { sortStart: "desc", take: "2" })).toEqual(["collective", "call"]);
    const page = await listTeamBookings(sessionActor(admin), world.team.id, ZListBookingsQuery.parse({ take: "3" }));
    expect(page.pagination).toMatchObject({ totalItems: 4, hasNextPage: true });
    const next = await listTeamBookings(sessionActor(admin), world.team.id, ZListBookingsQuery.parse({ take: "3", cursor: page.pagination.nextCursor! }));
    expect(next.items.map(({ uid }) => nameOf(uid))).toEqual(["collective"]);
  });

  it("refuses plain members (403) and outsiders or an admin of another team asking for this one (404)", async () => {
    await expectAppError(list(world.users.member.id), "FORBIDDEN");
    for (const who of ["invited", "orgMember", "outsider"] as const) await expectAppError(list(world.users[who].id), "NOT_FOUND");
    const stranger = await makeUser();
    const theirs = await makeTeam();
    await db.membership.create({ data: { teamId: theirs.id, userId: stranger.id, role: "OWNER", accepted: true } });
    await expectAppError(list(stranger.id), "NOT_FOUND");
    // The outsider owns the other team: only its booking, never this team's.
    expect(await list(world.users.outsider.id, {}, world.otherTeam.id)).toEqual(["elsewhere"]);
  });
});
