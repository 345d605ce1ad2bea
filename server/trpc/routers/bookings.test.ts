/**
 * The site's bookings procedures on the real database: which rows each tab lists (the actor's host rows; a team's
 * bookings only for its owners and admins, through the /v2 team list's own permission check), and the site's cancel
 * acting only on bookings the actor manages (a 404 otherwise, where /v2's public cancel goes by the uid alone).
 */
import { randomBytes } from "node:crypto";
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

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => "resolved",
    (error: { cause?: unknown }) => (error.cause instanceof AppError ? error.cause.code : String(error)),
  );

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Math.floor(Date.now() / HOUR + hours) * HOUR);

async function book(hostId: number, eventTypeId: number, startsInHours: number, status: "ACCEPTED" | "PENDING" | "CANCELLED" | "REJECTED" = "ACCEPTED") {
  const start = inHours(startsInHours);
  const end = new Date(start.getTime() + 30 * 60_000);
  const isLive = status === "ACCEPTED" || status === "PENDING";
  const row = await db.booking.create({
    data: { uid: randomBytes(8).toString("hex"), title: "Call", status, start, end, eventTypeId, hosts: { create: [{ userId: hostId, start, end, isLive }] } },
  });
  return row.uid;
}

let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
let teamTypeId: number;
let personalTypeId: number;
const uids: Record<string, string> = {};

beforeAll(async () => {
  world = await makeTenancyWorld();
  const { member, admin } = world.users;
  teamTypeId = (await db.eventType.create({ data: { teamId: world.team.id, title: "Demo", slug: `demo-${member.id}`, lengthInMinutes: 30 } })).id;
  personalTypeId = (await db.eventType.create({ data: { userId: admin.id, title: "Intro", slug: `intro-${admin.id}`, lengthInMinutes: 30 } })).id;
  uids.teamUpcoming = await book(member.id, teamTypeId, 24);
  uids.teamPending = await book(member.id, teamTypeId, 26, "PENDING");
  uids.teamPast = await book(member.id, teamTypeId, -48);
  uids.teamRejected = await book(member.id, teamTypeId, 30, "REJECTED");
  uids.adminOwn = await book(admin.id, personalTypeId, 28);
});

const listed = async (userId: number, input: Parameters<ReturnType<typeof callerFor>["bookings"]["list"]>[0]) =>
  (await callerFor(userId).bookings.list(input)).items.map((booking) => booking.uid);

describe("bookings.list", () => {
  it("lists the actor's own bookings by tab: upcoming soonest first, unconfirmed, past, cancelled with declined", async () => {
    const { member } = world.users;
    expect(await listed(member.id, { tab: "upcoming" })).toEqual([uids.teamUpcoming, uids.teamPending]);
    expect(await listed(member.id, { tab: "unconfirmed" })).toEqual([uids.teamPending]);
    expect(await listed(member.id, { tab: "past" })).toEqual([uids.teamPast]);
    expect(await listed(member.id, { tab: "cancelled" })).toEqual([uids.teamRejected]);
  });

  it("shows a team's bookings to its admins and owners only: a MEMBER is refused, an outsider does not see the team", async () => {
    const { admin, member, outsider } = world.users;
    expect(await listed(admin.id, { tab: "upcoming" })).toEqual([uids.adminOwn]);
    expect(await listed(admin.id, { tab: "upcoming", teamId: world.team.id })).toEqual([uids.teamUpcoming, uids.teamPending]);
    expect(await listed(world.users.orgAdmin.id, { tab: "upcoming", teamId: world.team.id })).toEqual([uids.teamUpcoming, uids.teamPending]);
    expect(await refusal(callerFor(member.id).bookings.list({ tab: "upcoming", teamId: world.team.id }))).toBe("FORBIDDEN");
    expect(await refusal(callerFor(outsider.id).bookings.list({ tab: "upcoming", teamId: world.team.id }))).toBe("NOT_FOUND");
  });

  it("pages by the list's cursor", async () => {
    const host = await makeUser();
    const typeId = (await db.eventType.create({ data: { userId: host.id, title: "Many", slug: `many-${host.id}`, lengthInMinutes: 30 } })).id;
    const made = [];
    for (let hour = 1; hour <= 23; hour += 1) made.push(await book(host.id, typeId, hour));
    const first = await callerFor(host.id).bookings.list({ tab: "upcoming" });
    expect(first.items.map((booking) => booking.uid)).toEqual(made.slice(0, 20));
    expect(first.pagination).toMatchObject({ totalItems: 23, currentPage: 1, hasNextPage: true });
    const second = await callerFor(host.id).bookings.list({ tab: "upcoming", cursor: first.pagination.nextCursor! });
    expect(second.items.map((booking) => booking.uid)).toEqual(made.slice(20));
    expect(second.pagination).toMatchObject({ currentPage: 2, hasNextPage: false });
  });
});

describe("bookings.filterOptions and rescheduleTarget", () => {
  it("offers the teams whose bookings the actor reads, and the event types they see", async () => {
    const forAdmin = await callerFor(world.users.admin.id).bookings.filterOptions();
    expect(forAdmin.teams).toEqual([{ id: world.team.id, name: world.team.name }]);
    expect(forAdmin.eventTypes.map((type) => type.id).sort()).toEqual([teamTypeId, personalTypeId].sort());
    expect((await callerFor(world.users.member.id).bookings.filterOptions()).teams).toEqual([]);
  });

  it("names the public page whose slots a reschedule picks from: the team's slug, or the owner's username", async () => {
    const team = await db.team.findUniqueOrThrow({ where: { id: world.team.id } });
    expect(await callerFor(world.users.member.id).bookings.rescheduleTarget({ bookingUid: uids.teamUpcoming! })).toEqual({
      eventTypeId: teamTypeId,
      owner: { teamSlug: team.slug },
    });
    expect(await callerFor(world.users.admin.id).bookings.rescheduleTarget({ bookingUid: uids.adminOwn! })).toEqual({
      eventTypeId: personalTypeId,
      owner: { username: world.users.admin.username },
    });
  });
});

describe("bookings.cancel", () => {
  it("is a 404 for a booking the actor does not manage, which stays as it was", async () => {
    const uid = await book(world.users.member.id, teamTypeId, 40);
    expect(await refusal(callerFor(world.users.outsider.id).bookings.cancel({ bookingUid: uid, body: {} }))).toBe("NOT_FOUND");
    expect((await db.booking.findUniqueOrThrow({ where: { uid } })).status).toBe("ACCEPTED");
    const cancelled = await callerFor(world.users.member.id).bookings.cancel({ bookingUid: uid, body: { cancellationReason: "Ill" } });
    expect(cancelled).toMatchObject({ status: "cancelled", cancellationReason: "Ill" });
  });
});
