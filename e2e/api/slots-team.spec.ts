/**
 * Slots of team event types over HTTP (public, no token): GET /v2/slots/available by eventTypeId (with or without the
 * teamSlug that holds it), and GET /v2/slots (2024-09-04) by teamSlug + eventTypeSlug. Collective: every host available and free. Round robin: any rotating host free, and every fixed
 * ("mandatory") host free.
 */
import { randomBytes } from "node:crypto";
import { makeTeamEventType } from "../../prisma/team-factories";
import { db, disconnectDb } from "../../server/db/client";
import { expect, test } from "../support/fixtures";
import { futureWednesday, nextDay } from "../support/future-days";

test.afterAll(() => disconnectDb());

const WED = futureWednesday();
const THU = nextDay(WED);
const at = (time: string) => new Date(`${WED}T${time}:00Z`);

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
const url = (params: Record<string, string | number>) =>
  `/v2/slots/available?${query({ startTime: `${WED}T00:00:00Z`, endTime: `${THU}T00:00:00Z`, ...params })}`;
const slugUrl = (params: Record<string, string | number>) => `/v2/slots?${query({ start: WED, end: WED, ...params })}`;
const V = { "svc-api-version": "2024-09-04" };

/** Two hosts: the first available 09:00–12:00 UTC, the second 10:00–13:00; the second booked 11:00–11:30. */
async function makeTeam(schedulingType: "COLLECTIVE" | "ROUND_ROBIN", hostSettings?: (index: number) => { isFixed?: boolean }) {
  const made = await makeTeamEventType({ hosts: 2, schedulingType, hours: { startMinute: 540, endMinute: 720 }, hostSettings });
  const [early, late] = made.hostIds as [number, number];
  await db.availability.updateMany({ where: { schedule: { userId: late } }, data: { startMinute: 600, endMinute: 780 } });
  await book(late, at("11:00"));
  return { ...made, early, late };
}

/** A booking of another event type that keeps `userId` busy for 30 minutes from `start`. */
async function book(userId: number, start: Date) {
  const end = new Date(start.getTime() + 30 * 60_000);
  await db.booking.create({
    data: { uid: randomBytes(8).toString("hex"), title: "Elsewhere", status: "ACCEPTED", start, end, hosts: { create: [{ userId, start, end }] } },
  });
}

async function timesOf(request: import("@playwright/test").APIRequestContext, params: Record<string, string | number>) {
  const response = await request.get(url(params));
  expect(response.status()).toBe(200);
  const slots = (await response.json()).data.slots as Record<string, { time: string }[]>;
  return (slots[WED] ?? []).map(({ time }) => time.slice(11, 16));
}

/** The same day through GET /v2/slots by team and event type slug. */
async function timesBySlug(request: import("@playwright/test").APIRequestContext, teamSlug: string, eventTypeSlug: string) {
  const response = await request.get(slugUrl({ teamSlug, eventTypeSlug }), { headers: V });
  expect(response.status()).toBe(200);
  const slots = (await response.json()).data as Record<string, { start: string }[]>;
  return (slots[WED] ?? []).map(({ start }) => start.slice(11, 16));
}

const every30 = (from: string, to: string) => {
  const [fromMinute, toMinute] = [from, to].map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3)));
  const times = [];
  for (let minute = fromMinute!; minute <= toMinute!; minute += 30)
    times.push(`${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`);
  return times;
};

test.describe("GET /v2/slots/available for a team event type", () => {
  test("collective: only times when every host is available and free, by id and by team slug", async ({ request }) => {
    const { eventType, team } = await makeTeam("COLLECTIVE");
    const expected = ["10:00", "10:30", "11:30"];
    expect(await timesOf(request, { eventTypeId: eventType.id })).toEqual(expected);
    expect(await timesOf(request, { eventTypeId: eventType.id, teamSlug: team.slug })).toEqual(expected);
    expect(await timesBySlug(request, team.slug, eventType.slug)).toEqual(expected);
  });

  test("round robin: every time some host is free, by id and by team slug", async ({ request }) => {
    const { eventType, team, early } = await makeTeam("ROUND_ROBIN");
    const expected = every30("09:00", "12:30");
    expect(await timesOf(request, { eventTypeId: eventType.id })).toEqual(expected);
    expect(await timesOf(request, { eventTypeId: eventType.id, teamSlug: team.slug })).toEqual(expected);
    expect(await timesBySlug(request, team.slug, eventType.slug)).toEqual(expected);
    // With the first host busy at 11:00 too, no host is free then.
    await book(early, at("11:00"));
    expect(await timesOf(request, { eventTypeId: eventType.id })).toEqual(expected.filter((time) => time !== "11:00"));
  });

  test("round robin with a fixed host: only times when the fixed host is free and a rotating host too", async ({ request }) => {
    // The second host (10:00–13:00, booked 11:00) is fixed; the first (09:00–12:00) rotates.
    const { eventType } = await makeTeam("ROUND_ROBIN", (index) => ({ isFixed: index === 1 }));
    expect(await timesOf(request, { eventTypeId: eventType.id })).toEqual(["10:00", "10:30", "11:30"]);
  });

  test("a team slug that does not hold the event type, or an unknown team, is a 404", async ({ request }) => {
    const { eventType } = await makeTeam("ROUND_ROBIN");
    const other = await makeTeamEventType({ hosts: 1, schedulingType: "ROUND_ROBIN" });
    for (const teamSlug of [other.team.slug, `missing-${randomBytes(4).toString("hex")}`]) {
      for (const response of [
        await request.get(url({ eventTypeId: eventType.id, teamSlug })),
        await request.get(slugUrl({ teamSlug, eventTypeSlug: eventType.slug }), { headers: V }),
      ]) {
        expect(response.status()).toBe(404);
        expect((await response.json()).status).toBe("error");
      }
    }
  });
});
