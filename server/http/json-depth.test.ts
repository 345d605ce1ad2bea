import { describe, expect, it } from "vitest";
import { jsonTextTooDeep, MAX_JSON_DEPTH, valueTooDeep } from "./json-depth";
import { nulCharacterPaths } from "./nul-characters";

const deepArrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("JSON nesting depth, read from the text", () => {
  it("allows MAX_JSON_DEPTH levels of arrays and objects, and refuses one more", () => {
    expect(jsonTextTooDeep(deepArrays(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(deepObjects(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(deepArrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextTooDeep(`{"a":[${deepObjects(MAX_JSON_DEPTH - 1)}]}`)).toBe(true);
  });

  it("counts depth, not breadth", () => {
    expect(jsonTextTooDeep(`[${Array.from({ length: 10_000 }, () => "[1]").join(",")}]`)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    const brackets = "[".repeat(MAX_JSON_DEPTH * 2);
    expect(jsonTextTooDeep(JSON.stringify({ text: brackets, quoted: `\\"${brackets}`, key: { [brackets]: 1 } }))).toBe(false);
    expect(jsonTextTooDeep(`["\\\\", ${deepArrays(MAX_JSON_DEPTH)}]`)).toBe(true);
  });

  it("reads the fuzzers' 50,000-deep arrays and 20,000-deep objects without a stack overflow", () => {
    expect(jsonTextTooDeep(deepArrays(50_000))).toBe(true);
    expect(jsonTextTooDeep(deepObjects(20_000))).toBe(true);
  });
});

describe("JSON nesting depth, of a parsed value", () => {
  it("allows MAX_JSON_DEPTH levels and refuses one more, however deep the value is", () => {
    expect(valueTooDeep(JSON.parse(deepArrays(MAX_JSON_DEPTH)))).toBe(false);
    expect(valueTooDeep(JSON.parse(deepObjects(MAX_JSON_DEPTH)))).toBe(false);
    expect(valueTooDeep(JSON.parse(deepArrays(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(valueTooDeep(JSON.parse(deepArrays(50_000)))).toBe(true);
    expect(valueTooDeep(JSON.parse(deepObjects(20_000)))).toBe(true);
    expect(valueTooDeep("a string")).toBe(false);
  });
});

describe("the NUL character walk", () => {
  it("walks 50,000-deep input without a stack overflow (it is a loop, not recursion)", () => {
    const deep = JSON.parse(`${"[".repeat(50_000)}"a\\u0000"${"]".repeat(50_000)}`) as unknown;
    const [path] = nulCharacterPaths(deep, ["body"]);
    expect(path).toBe(["body", ...Array.from({ length: 50_000 }, () => "0")].join("."));
  });

  it("names keys and values in document order", () => {
    expect(nulCharacterPaths({ a: "x\u0000", "b\u0000": { c: ["ok", "y\u0000"] }, d: "fine" }, ["body"])).toEqual([
      "body.a",
      "body.b\\u0000",
      "body.b\\u0000.c.1",
    ]);
  });
});
