/**
 * Loaded into the server by e2e/api/api-examples.spec.ts (NODE_OPTIONS=--import). This machine resolves no names
 * (only loopback and the package registries are reachable), while the reference's examples send webhooks to
 * https://example.com/…, as a developer's machine with internet resolves it. Here that one name resolves to
 * example.com's public address, so the server accepts it as it would there; a delivery to it then fails to connect,
 * as one to an unreachable receiver does, and is recorded as such. Every other name resolves as before.
 */
import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";

const NAME = "example.com";
const ADDRESS = "93.184.215.14";
const systemLookup = dns.lookup;

dns.lookup = function lookup(hostname, options, callback) {
  if (hostname !== NAME) return systemLookup.apply(this, arguments);
  const done = typeof options === "function" ? options : callback;
  const wantsAll = typeof options === "object" && options !== null && options.all;
  process.nextTick(() => (wantsAll ? done(null, [{ address: ADDRESS, family: 4 }]) : done(null, ADDRESS, 4)));
};
// ES modules that imported `lookup` from node:dns see the replacement too.
syncBuiltinESMExports();
