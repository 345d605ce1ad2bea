// After `tsc`: writes CONVENE_BASE_URL (the Convene this build is published for) into dist/default-host.js.
import { readFileSync, writeFileSync } from "node:fs";

const base = process.env.CONVENE_BASE_URL;
if (base) {
  const url = new URL(base);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("CONVENE_BASE_URL must be an http(s) URL");
  const file = new URL("../dist/default-host.js", import.meta.url);
  const stamped = readFileSync(file, "utf8").replace(/DEFAULT_HOST = "[^"]*"/, `DEFAULT_HOST = ${JSON.stringify(url.origin)}`);
  writeFileSync(file, stamped);
  console.log(`default host: ${url.origin}`);
}
