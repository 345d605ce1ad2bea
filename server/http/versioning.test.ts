import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { toErrorResponse } from "./envelope";
import { negotiateVersion, VERSION_HEADER } from "./versioning";

const SUPPORTED = ["2024-08-13", "2024-06-14"] as const;

describe("negotiateVersion", () => {
  it.each([
    { requested: null, expected: "2024-08-13", case: "missing header → the default (first listed)" },
    { requested: "", expected: "2024-08-13", case: "empty header → the default" },
    { requested: "   ", expected: "2024-08-13", case: "blank header → the default" },
    { requested: "2024-08-13", expected: "2024-08-13", case: "the default, asked for" },
    { requested: "2024-06-14", expected: "2024-06-14", case: "another supported version" },
    { requested: " 2024-06-14 ", expected: "2024-06-14", case: "surrounding whitespace" },
  ])("$case", ({ requested, expected }) => {
    expect(negotiateVersion(requested, SUPPORTED)).toBe(expected);
  });

  it.each(["2099-01-01", "2024-08-13x", "latest"])("refuses unknown %j with a 400 listing the supported versions", (requested) => {
    let thrown: unknown;
    try {
      negotiateVersion(requested, SUPPORTED);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const error = thrown as AppError;
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain(VERSION_HEADER);
    expect(error.message).toContain("2024-08-13, 2024-06-14");
    expect(error.details).toEqual({ header: VERSION_HEADER, supported: SUPPORTED });
    expect(toErrorResponse(error, "req-1").status).toBe(400);
  });
});
