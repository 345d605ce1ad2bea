import { describe, expect, it } from "vitest";
import { ZListBookingsQuery } from "./booking-list-query";

const issuesOf = (query: Record<string, unknown>) => [...new Set(ZListBookingsQuery.safeParse(query).error?.issues.map((issue) => issue.path.join(".")))];

describe("GET /v2/bookings query", () => {
  it.each([
    { status: "upcoming", expected: ["upcoming"] },
    { status: "upcoming, cancelled,,past", expected: ["upcoming", "cancelled", "past"] },
    { status: ["unconfirmed,accepted", "rejected", "accepted"], expected: ["unconfirmed", "accepted", "rejected"] },
    { status: "recurring", expected: ["recurring"] },
  ])("status $status → $expected", ({ status, expected }) => {
    expect(ZListBookingsQuery.parse({ status }).status).toEqual(expected);
  });

  it("refuses an unknown status and names it", () => {
    const result = ZListBookingsQuery.safeParse({ status: "upcoming,later" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["status"], message: expect.stringContaining("later") });
  });

  it("reads eventTypeIds comma-separated and repeated, without duplicates, and refuses a non-id", () => {
    expect(ZListBookingsQuery.parse({ eventTypeIds: ["3,4", "4", "12"] }).eventTypeIds).toEqual([3, 4, 12]);
    expect(issuesOf({ eventTypeIds: "3,0" })).toEqual(["eventTypeIds"]);
    expect(issuesOf({ eventTypeIds: "3,x" })).toEqual(["eventTypeIds"]);
    expect(issuesOf({ eventTypeIds: "2147483648" })).toEqual(["eventTypeIds"]);
  });

  it("takes full timestamps for the created and updated ranges, and asc or desc for sortUpdatedAt", () => {
    const query = ZListBookingsQuery.parse({ afterCreatedAt: "2026-01-01T00:00:00Z", beforeUpdatedAt: "2026-02-01T10:00:00Z", sortUpdatedAt: "desc" });
    expect(query).toMatchObject({ afterCreatedAt: new Date("2026-01-01T00:00:00Z"), beforeUpdatedAt: new Date("2026-02-01T10:00:00Z"), sortUpdatedAt: "desc" });
    expect(issuesOf({ afterCreatedAt: "2026-01-01", beforeCreatedAt: "soon", afterUpdatedAt: "x", sortUpdatedAt: "up" }).sort()).toEqual(
      ["afterCreatedAt", "afterUpdatedAt", "beforeCreatedAt", "sortUpdatedAt"].sort(),
    );
  });

  it("takes the peer's team filters and its later limit, take's other name", () => {
    expect(ZListBookingsQuery.parse({ teamId: "1", teamsIds: "2,3" })).toMatchObject({ teamId: 1, teamsIds: [2, 3] });
    expect(issuesOf({ teamsIds: "2,x" })).toEqual(["teamsIds"]);
    expect(ZListBookingsQuery.parse({ limit: "7" })).toMatchObject({ take: 7 });
    expect(ZListBookingsQuery.parse({ limit: "7" })).not.toHaveProperty("limit");
    expect(ZListBookingsQuery.parse({})).toMatchObject({ take: 100 });
    expect(issuesOf({ limit: "0" })).toEqual(["limit"]);
  });
});
