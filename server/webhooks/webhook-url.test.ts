/** Subscriber URLs at save time: https only, no private, loopback, link-local or metadata address, after DNS. */
import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { subscriberUrlProblem, type UrlPolicy } from "./webhook-url";

const answers =
  (table: Record<string, string[]>) =>
  async (hostname: string): Promise<LookupAddress[]> =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

const strict: UrlPolicy = {
  allowPrivateNetwork: false,
  resolve: answers({
    "hooks.example.test": ["93.184.216.34"],
    "inside.example.test": ["10.0.0.5"],
    "mixed.example.test": ["93.184.216.34", "169.254.169.254"],
  }),
};
const local: UrlPolicy = { ...strict, allowPrivateNetwork: true };

describe("subscriberUrlProblem", () => {
  it("accepts an https URL whose name resolves to public addresses", async () => {
    expect(await subscriberUrlProblem("https://hooks.example.test/in", strict)).toBeNull();
  });

  it.each([
    ["http://hooks.example.test/in", /https/],
    ["ftp://hooks.example.test/in", /https/],
    ["not a url", /valid URL/],
    ["https://user:pw@hooks.example.test/", /user name/],
    // A private address is refused naming the setting that allows it (self-hosted receivers on a LAN).
    ["https://127.0.0.1/", /private or reserved.*ALLOW_PRIVATE_NETWORK_URLS=true/],
    ["https://[::1]/", /private or reserved.*ALLOW_PRIVATE_NETWORK_URLS=true/],
    ["https://169.254.169.254/latest/meta-data/", /private or reserved/],
    ["https://[::ffff:10.0.0.1]/", /private or reserved/],
    ["https://inside.example.test/", /inside.example.test resolves to a private or reserved address \(10.0.0.5\).*ALLOW_PRIVATE_NETWORK_URLS=true/],
    ["https://mixed.example.test/", /169.254.169.254/],
    ["https://nowhere.example.test/", /no address/],
  ])("refuses %s", async (url, problem) => {
    expect(await subscriberUrlProblem(url, strict)).toMatch(problem);
  });

  it("allows plain http to loopback only with ALLOW_PRIVATE_NETWORK_URLS", async () => {
    expect(await subscriberUrlProblem("http://127.0.0.1:9000/hook", local)).toBeNull();
    expect(await subscriberUrlProblem("http://localhost:9000/hook", { ...local, resolve: answers({ localhost: ["127.0.0.1"] }) })).toBeNull();
    expect(await subscriberUrlProblem("http://127.0.0.1:9000/hook", strict)).toMatch(/https/);
    expect(await subscriberUrlProblem("http://10.0.0.5/hook", local)).toMatch(/https/);
  });
});
