import { sessionActor } from "../auth/actor";
import { afterAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { makeUser } from "../../prisma/factories";
import { addMember, makeTeam } from "../../prisma/team-factories";
import { db, disconnectDb } from "../db/client";
import { createOutOfOffice, deleteOutOfOffice, listOutOfOffice, updateOutOfOffice } from "./out-of-office.service";
import { expectAppError, rejectionOf } from "../../e2e/support/rejections";

afterAll(() => disconnectDb());

const day = (n: number, hour = 0) => new Date(Date.UTC(2030, 0, n, hour)).toISOString();
const page = { take: 100, skip: 0 };

describe("createOutOfOffice", () => {
  it("answers the entry with defaults for reason, notes and toUserId", async () => {
    const user = await makeUser();
    const entry = await createOutOfOffice(sessionActor(user.id), { start: "2030-01-01T00:00:00+02:00", end: day(5) });
    expect(entry).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: user.id,
      toUserId: null,
      start: "2029-12-31T22:00:00.000Z",
      end: "2030-01-05T00:00:00.000Z",
      notes: null,
      reason: "unspecified",
    });
  });

  it("stores a redirect to someone sharing an accepted team, and refuses oneself, a stranger, a pending member and an unknown id alike (BAD_REQUEST)", async () => {
    const [user, colleague, stranger, invitee] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()]);
    const team = await makeTeam();
    await Promise.all([addMember(team.id, user.id, "MEMBER"), addMember(team.id, colleague.id, "MEMBER"), addMember(team.id, invitee.id, "MEMBER", false)]);
    const entry = await createOutOfOffice(sessionActor(user.id), { start: day(1), end: day(2), toUserId: colleague.id, reason: "vacation", notes: "Beach" });
    expect(entry).toMatchObject({ toUserId: colleague.id, reason: "vacation", notes: "Beach" });
    const self = await expectAppError(createOutOfOffice(sessionActor(user.id), { start: day(3), end: day(4), toUserId: user.id }), "BAD_REQUEST");
    expect(self.details).toEqual([{ path: "body.toUserId", message: expect.any(String) }]);
    const refusals = [];
    for (const toUserId of [stranger.id, invitee.id, 2_000_000_000]) {
      refusals.push(await expectAppError(createOutOfOffice(sessionActor(user.id), { start: day(3), end: day(4), toUserId }), "BAD_REQUEST"));
    }
    // No difference between an id that names nobody and a stranger: the field cannot be used to walk the ids.
    expect(new Set(refusals.map((error) => JSON.stringify([error.message, error.details])))).toHaveProperty("size", 1);
    expect(refusals[0]!.details).toEqual([{ path: "body.toUserId", message: expect.any(String) }]);
    await expectAppError(updateOutOfOffice(sessionActor(user.id), entry.id, { toUserId: stranger.id }), "BAD_REQUEST");
    // Nor does the invitee's own side count: pending on either side shares nothing.
    await expectAppError(createOutOfOffice(sessionActor(invitee.id), { start: day(3), end: day(4), toUserId: user.id }), "BAD_REQUEST");
    expect(await db.outOfOffice.count({ where: { userId: user.id } })).toBe(1);
  });

  it.each([
    { case: "end before start", input: { start: day(5), end: day(4) }, path: "end" },
    { case: "end equal to start", input: { start: day(5), end: day(5) }, path: "end" },
    { case: "a timestamp without zone", input: { start: "2030-01-01T00:00:00", end: day(5) }, path: "start" },
    { case: "an unknown reason", input: { start: day(1), end: day(2), reason: "holiday" }, path: "reason" },
    { case: "an unknown field", input: { start: day(1), end: day(2), userId: 1 }, path: "" },
  ])("refuses $case with a ZodError naming $path", async ({ input, path }) => {
    const user = await makeUser();
    const error = await rejectionOf(createOutOfOffice(sessionActor(user.id), input as never));
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => issue.path.join("."))).toContain(path);
  });

  it("refuses an overlap with CONFLICT, but allows touching periods and other users' periods", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const first = await createOutOfOffice(sessionActor(user.id), { start: day(10), end: day(15) });
    const error = await expectAppError(createOutOfOffice(sessionActor(user.id), { start: day(14), end: day(20) }), "CONFLICT");
    expect(error.details).toMatchObject({ conflictingId: first.id });
    await expectAppError(createOutOfOffice(sessionActor(user.id), { start: day(11), end: day(12) }), "CONFLICT");
    await createOutOfOffice(sessionActor(user.id), { start: day(15), end: day(20) });
    await createOutOfOffice(sessionActor(user.id), { start: day(5), end: day(10) });
    await createOutOfOffice(sessionActor(other.id), { start: day(10), end: day(15) });
    expect(await db.outOfOffice.count({ where: { userId: user.id } })).toBe(3);
  });

  it("lets exactly one of several parallel overlapping creates succeed", async () => {
    for (let round = 0; round < 5; round++) {
      const user = await makeUser();
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, index) => createOutOfOffice(sessionActor(user.id), { start: day(1, index), end: day(3) })),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      for (const result of results.filter((result) => result.status === "rejected")) {
        expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT" });
      }
      expect(await db.outOfOffice.count({ where: { userId: user.id } })).toBe(1);
    }
  });
});

describe("updateOutOfOffice and deleteOutOfOffice", () => {
  it("merges the sent fields and validates the merged period", async () => {
    const user = await makeUser();
    const entry = await createOutOfOffice(sessionActor(user.id), { start: day(1), end: day(5), notes: "Trip", reason: "travel" });
    expect(await updateOutOfOffice(sessionActor(user.id), entry.id, { end: day(6), notes: null })).toMatchObject({
      start: day(1),
      end: day(6),
      notes: null,
      reason: "travel",
    });
    const error = await expectAppError(updateOutOfOffice(sessionActor(user.id), entry.id, { start: day(7) }), "BAD_REQUEST");
    expect(error.details).toEqual([{ path: "body.start", message: expect.any(String) }]);
    expect(await updateOutOfOffice(sessionActor(user.id), entry.id, { start: day(2), end: day(4) })).toMatchObject({ start: day(2), end: day(4) });
  });

  it("refuses an update that overlaps another entry with CONFLICT and changes nothing", async () => {
    const user = await makeUser();
    const first = await createOutOfOffice(sessionActor(user.id), { start: day(1), end: day(5) });
    const second = await createOutOfOffice(sessionActor(user.id), { start: day(10), end: day(12) });
    await expectAppError(updateOutOfOffice(sessionActor(user.id), second.id, { start: day(4), reason: "sick" }), "CONFLICT");
    expect((await listOutOfOffice(sessionActor(user.id), page)).items).toEqual([first, second]);
  });

  it("answers another user's entry with NOT_FOUND for update and delete", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const theirs = await createOutOfOffice(sessionActor(other.id), { start: day(1), end: day(2) });
    await expectAppError(updateOutOfOffice(sessionActor(user.id), theirs.id, { notes: "mine" }), "NOT_FOUND");
    await expectAppError(deleteOutOfOffice(sessionActor(user.id), theirs.id), "NOT_FOUND");
    expect((await listOutOfOffice(sessionActor(other.id), page)).items).toEqual([theirs]);
  });

  it("deletes and answers the deleted entry", async () => {
    const user = await makeUser();
    const entry = await createOutOfOffice(sessionActor(user.id), { start: day(1), end: day(2) });
    expect(await deleteOutOfOffice(sessionActor(user.id), entry.id)).toEqual(entry);
    expect((await listOutOfOffice(sessionActor(user.id), page)).totalItems).toBe(0);
  });
});

describe("listing and loading", () => {
  it("lists the caller's entries sorted by start, paginated", async () => {
    const user = await makeUser();
    const late = await createOutOfOffice(sessionActor(user.id), { start: day(20), end: day(21) });
    const early = await createOutOfOffice(sessionActor(user.id), { start: day(1), end: day(2) });
    expect(await listOutOfOffice(sessionActor(user.id), page)).toEqual({ items: [early, late], totalItems: 2 });
    expect(await listOutOfOffice(sessionActor(user.id), { ...page, sortStart: "desc" })).toEqual({ items: [late, early], totalItems: 2 });
    expect(await listOutOfOffice(sessionActor(user.id), { take: 1, skip: 1 })).toEqual({ items: [late], totalItems: 2 });
  });
});
