/** The address checks for user-supplied URLs, and requestUserUrl against loopback servers. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, OutboundUrlError, parseUserUrl, requestUserUrl } from "./outbound-http";

describe("isPublicAddress", () => {
  it.each([
    ["93.184.216.34", "public IPv4"],
    ["8.8.8.8", "public IPv4"],
    ["172.32.0.1", "just outside 172.16/12"],
    ["100.128.0.1", "just outside 100.64/10"],
    ["2606:4700:4700::1111", "public IPv6"],
    ["2a00:1450:4007:80e::200e", "public IPv6"],
  ])("allows %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback range"],
    ["10.1.2.3", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.10", "documentation"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with zone"],
    ["fd00::1", "IPv6 unique local"],
    ["fc12:3456::1", "IPv6 unique local"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["64:ff9b::10.0.0.1", "NAT64 of a private address"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["2001:db8::1", "IPv6 documentation"],
    ["not-an-ip", "not an address"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it("allows a public address carried in IPv4-mapped form", () => {
    expect(isPublicAddress("::ffff:93.184.216.34")).toBe(true);
  });
});

describe("parseUserUrl", () => {
  it("reads webcal:// as https:// and keeps the rest", () => {
    expect(parseUserUrl("webcal://calendar.example.com/feed.ics?token=abc", false).href).toBe("https://calendar.example.com/feed.ics?token=abc");
  });

  it.each(["ftp://example.com/feed.ics", "file:///etc/passwd", "javascript:alert(1)", "not a url"])("refuses %s", (url) => {
    expect(() => parseUserUrl(url, false)).toThrow(OutboundUrlError);
  });

  it.each(["http://127.0.0.1/feed.ics", "http://[::1]:8080/", "http://169.254.169.254/latest/meta-data/", "http://[::ffff:10.0.0.1]/"])(
    "refuses the literal private address in %s",
    (url) => {
      expect(() => parseUserUrl(url, false)).toThrow(/private or reserved/);
    },
  );

  it("accepts literal private addresses when private networks are allowed", () => {
    expect(parseUserUrl("http://127.0.0.1:5232/", true).port).toBe("5232");
  });
});

describe("requestUserUrl", () => {
  let server: http.Server;
  let port = 0;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits.push(request.url ?? "");
      if (request.url === "/redirect") {
        response.writeHead(302, { location: "http://169.254.169.254/" });
        return response.end();
      }
      if (request.url === "/big") return response.end("x".repeat(2048));
      if (request.url === "/slow") return setTimeout(() => response.end("late"), 1_000);
      response.end(`hello ${request.method} ${request.headers.depth ?? ""}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("refuses credentials in the URL with a malformed percent-escape clearly, before connecting", async () => {
    const before = hits.length;
    const refused = requestUserUrl(`http://user:%ZZ@127.0.0.1:${port}/`, { allowPrivateNetwork: true });
    await expect(refused).rejects.toThrow(OutboundUrlError);
    await expect(refused).rejects.toThrow(/malformed percent-escape/);
    expect(hits.length).toBe(before);
  });

  it("refuses a loopback IP and a name resolving to loopback before connecting", async () => {
    const before = hits.length;
    await expect(requestUserUrl(`http://127.0.0.1:${port}/`, { allowPrivateNetwork: false })).rejects.toThrow(/private or reserved/);
    await expect(requestUserUrl(`http://localhost:${port}/`, { allowPrivateNetwork: false })).rejects.toThrow(
      /localhost resolves to a private or reserved address/,
    );
    expect(hits.length).toBe(before);
  });

  it("reaches loopback when private networks are allowed, with method, headers and body", async () => {
    const response = await requestUserUrl(`http://localhost:${port}/`, {
      method: "PROPFIND",
      headers: { depth: "1" },
      body: "<x/>",
      allowPrivateNetwork: true,
    });
    expect(response).toMatchObject({ status: 200, text: "hello PROPFIND 1" });
  });

  it("does not follow redirects", async () => {
    const response = await requestUserUrl(`http://127.0.0.1:${port}/redirect`, { allowPrivateNetwork: true });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("http://169.254.169.254/");
    expect(hits.filter((hit) => hit === "/redirect")).toHaveLength(1);
  });

  it("caps the response size and the time", async () => {
    await expect(requestUserUrl(`http://127.0.0.1:${port}/big`, { allowPrivateNetwork: true, maxBytes: 1024 })).rejects.toThrow(/larger than/);
    await expect(requestUserUrl(`http://127.0.0.1:${port}/slow`, { allowPrivateNetwork: true, timeoutMs: 100 })).rejects.toThrow(/did not answer in time/);
  });

  it("stops reading at maxBytes and answers the start when asked to truncate", async () => {
    const response = await requestUserUrl(`http://127.0.0.1:${port}/big`, { allowPrivateNetwork: true, maxBytes: 1000, onOversize: "truncate" });
    expect(response).toMatchObject({ status: 200, truncated: true });
    expect(response.text).toBe("x".repeat(1000));
  });

  it("checks the addresses a resolve hook answers at connect time, before sending anything", async () => {
    const before = hits.length;
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    await expect(requestUserUrl(`http://turned-private.example.test:${port}/`, { allowPrivateNetwork: false, resolve })).rejects.toThrow(
      /turned-private.example.test resolves to a private or reserved address \(127.0.0.1\)/,
    );
    expect(hits.length).toBe(before);
    const reached = await requestUserUrl(`http://turned-private.example.test:${port}/`, { allowPrivateNetwork: true, resolve });
    expect(reached.status).toBe(200);
  });

  it("reports an unreachable host as an OutboundUrlError", async () => {
    await expect(requestUserUrl("http://nonexistent.invalid/", { allowPrivateNetwork: false })).rejects.toBeInstanceOf(OutboundUrlError);
  });
});
