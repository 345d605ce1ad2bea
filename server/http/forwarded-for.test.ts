/** TRUST_PROXY hop arithmetic: which entry of `X-Forwarded-For, socket` is the caller. */
import { describe, expect, it } from "vitest";
import { clientAddressBehindProxies, trustedProxyHops } from "./forwarded-for";

describe("clientAddressBehindProxies", () => {
  it("trusts no header with 0 hops: the socket peer, whatever the caller claims", () => {
    expect(clientAddressBehindProxies("203.0.113.9", "10.1.1.1", 0)).toBe("10.1.1.1");
    expect(clientAddressBehindProxies(undefined, "::ffff:127.0.0.1", 0)).toBe("127.0.0.1");
    expect(clientAddressBehindProxies(undefined, "::1", 0)).toBe("::1");
    expect(clientAddressBehindProxies(undefined, undefined, 0)).toBe("unknown");
  });

  it("with N hops takes the entry N steps left of the socket, ignoring what the caller put further left", () => {
    const header = "198.51.100.7, 203.0.113.9, 192.0.2.4";
    expect(clientAddressBehindProxies(header, "10.0.0.2", 1)).toBe("192.0.2.4");
    expect(clientAddressBehindProxies(header, "10.0.0.2", 2)).toBe("203.0.113.9");
    expect(clientAddressBehindProxies(header, "10.0.0.2", 3)).toBe("198.51.100.7");
  });

  it("reads repeated header lines as one list, and skips empty entries", () => {
    expect(clientAddressBehindProxies(["198.51.100.7", "192.0.2.4, "], "10.0.0.2", 1)).toBe("192.0.2.4");
    expect(clientAddressBehindProxies(["198.51.100.7", "192.0.2.4"], "10.0.0.2", 2)).toBe("198.51.100.7");
  });

  it("a chain shorter than the hops yields its leftmost entry; no header at all yields the socket", () => {
    expect(clientAddressBehindProxies("192.0.2.4", "10.0.0.2", 5)).toBe("192.0.2.4");
    expect(clientAddressBehindProxies(undefined, "10.0.0.2", 1)).toBe("10.0.0.2");
  });

  it("an entry that is not an address is unknown, never passed on as text", () => {
    expect(clientAddressBehindProxies("<script>, 192.0.2.4", "10.0.0.2", 2)).toBe("unknown");
    expect(clientAddressBehindProxies("::ffff:192.0.2.4", "10.0.0.2", 1)).toBe("192.0.2.4");
  });
});

describe("trustedProxyHops", () => {
  it("reads a whole number, 0 when unset", () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops("")).toBe(0);
    expect(trustedProxyHops(" 2 ")).toBe(2);
  });

  it.each(["true", "-1", "1.5", "one"])("refuses %s at start-up", (value) => {
    expect(() => trustedProxyHops(value)).toThrow(/TRUST_PROXY/);
  });
});
