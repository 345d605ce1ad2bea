// node:fs as the conformance CLI imports it. Its `globSync` exists from Node 22; the CLI imports it at load time but
// the server scenarios never call it, so on Node 20 it is a function that says so if it ever is called.
export * from "node:fs";
import fs from "node:fs";
export default fs;
export function globSync() {
  throw new Error("fs.globSync needs Node 22; the MCP conformance CLI called it on Node " + process.versions.node);
}
