/** bookingsVisibleTo / hostRowsOf on the real database: hosts, team admins, plain members, outsiders. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../prisma/factories";
import { makeTenancyWorld } from "../../prisma/team-factories";
import { sessionActor } from "../auth/actor";
import { db, disconnectDb } from "../db/client";
import { bookingsVisibleTo, hostRowsOf } from "./booking-access";

afterAll(() => disconnectDb());

let world: Awaited<ReturnType<typeof makeTenancyWorld>>;
let host: { id: number };
let uids: { team: string; personal: string };

const start = new Date(Date.UTC(2031, 0, 6, 9));
const end = new Date(Date.UTC(2031, 0, 6, 9, 30));

async function book(eventTypeId: number, hostId: number, uid: string) {
  await db.booking.create({
    data: { uid, eventTypeId, title: "Call", start, end, status: "ACCEPTED", hosts: { create: { userId: hostId, start, end } } },
  });
  return uid;
}

beforeAll(async () => {
  world = await makeTenancyWorld();
  host = await makeUser();
  const teamType = await db.eventType.create({ data: { teamId: world.team.id, title: "Team call", slug: `tc-${host.id}`, lengthInMinutes: 30 } });
  const personal = await db.eventType.create({ data: { userId: host.id, title: "Call", slug: `c-${host.id}`, lengthInMinutes: 30 } });
  uids = {
    team: await book(teamType.id, world.users.member.id, `team-${host.id}`),
    personal: await book(personal.id, host.id, `personal-${host.id}`),
  };
});

const seen = async (userId: number) => {
  const rows = await db.booking.findMany({
    where: { AND: [{ uid: { in: Object.values(uids) } }, bookingsVisibleTo(sessionActor(userId))] },
    select: { uid: true },
  });
  return rows.map(({ uid }) => (uid === uids.team ? "team" : "personal")).sort();
};

describe("bookingsVisibleTo", () => {
  it("shows a booking to its host", async () => {
    expect(await seen(host.id)).toEqual(["personal"]);
    expect(await seen(world.users.member.id)).toEqual(["team"]);
  });

  it("shows a team event type's bookings to the team's owners and admins and the org's, not to other members", async () => {
    expect(await seen(world.users.owner.id)).toEqual(["team"]);
    expect(await seen(world.users.admin.id)).toEqual(["team"]);
    expect(await seen(world.users.orgAdmin.id)).toEqual(["team"]);
    expect(await seen(world.users.orgMember.id)).toEqual([]);
    expect(await seen(world.users.invited.id)).toEqual([]);
  });

  it("shows an outsider nothing", async () => {
    expect(await seen(world.users.outsider.id)).toEqual([]);
  });
});

describe("hostRowsOf", () => {
  it("is the actor's own host rows only", async () => {
    const rows = await db.bookingHost.findMany({
      where: { AND: [{ booking: { uid: { in: Object.values(uids) } } }, hostRowsOf(sessionActor(world.users.owner.id))] },
    });
    expect(rows).toEqual([]);
    expect(await db.bookingHost.count({ where: { AND: [{ booking: { uid: uids.personal } }, hostRowsOf(sessionActor(host.id))] } })).toBe(1);
  });
});
