import { describe, expect, it } from "vitest";
import { MAX_DB_INT, ZDecimalIntParam, ZIdParam } from "./ids";
import { ZPaginationQuery } from "./pagination";

describe("ZIdParam", () => {
  it.each(["1", "9", "10", "2147483647"])("accepts the canonical decimal %j", (text) => {
    expect(ZIdParam.parse(text)).toBe(Number(text));
  });

  it.each(["0x9", "9e0", "+9", "09", "9.0", " 9", "9 ", "", "0", "-1", "1_000", "٩", "2147483648", "99999999999999999999", "Infinity", "NaN"])(
    "refuses %j, which Number() would read loosely or which is out of PostgreSQL's int range",
    (text) => {
      expect(ZIdParam.safeParse(text).success).toBe(false);
    },
  );

  it("refuses a non-string (the wrapper hands it strings only)", () => {
    expect(ZIdParam.safeParse(9).success).toBe(false);
    expect(ZIdParam.safeParse(["9", "9"]).success).toBe(false);
  });
});

describe("ZDecimalIntParam and the pagination query built on it", () => {
  it("accepts 0 when the minimum is 0, but not 00", () => {
    const schema = ZDecimalIntParam({ min: 0 });
    expect(schema.parse("0")).toBe(0);
    expect(schema.safeParse("00").success).toBe(false);
    expect(schema.safeParse(String(MAX_DB_INT + 1)).success).toBe(false);
  });

  it.each([{ take: "0x9" }, { take: "9e0" }, { skip: "+1" }, { skip: "01" }, { take: "1.0" }, { skip: "2147483648" }])("refuses %j", (query) => {
    expect(ZPaginationQuery.safeParse(query).success).toBe(false);
  });
});
