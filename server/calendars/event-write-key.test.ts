/** The name of a calendar write: Google's id alphabet, the same for a repeat, different for another booking or calendar. */
import { describe, expect, it } from "vitest";
import { eventWriteKey, toBase32Hex } from "./event-write-key";

describe("eventWriteKey", () => {
  it("is base32hex (RFC 4648 test vectors, lowercase, unpadded)", () => {
    const encode = (text: string) => toBase32Hex(new TextEncoder().encode(text));
    expect(["", "f", "fo", "foo", "foob", "fooba", "foobar"].map(encode)).toEqual(["", "co", "cpng", "cpnmu", "cpnmuog", "cpnmuoj1", "cpnmuoj1e8"]);
  });

  it("names a write by its booking and calendar: a repeat gets the same name, anything else another", () => {
    const key = eventWriteKey("3f2a@convene.test", "host@gmail.test");
    expect(key).toMatch(/^[0-9a-v]{52}$/);
    expect(eventWriteKey("3f2a@convene.test", "host@gmail.test")).toBe(key);
    expect(eventWriteKey("3f2b@convene.test", "host@gmail.test")).not.toBe(key);
    expect(eventWriteKey("3f2a@convene.test", "other@gmail.test")).not.toBe(key);
  });
});
