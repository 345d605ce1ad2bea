/**
 * Writes the client's generated files from the OpenAPI document the server builds from its route declarations:
 * src/schema.ts (openapi-typescript's types of every path) and src/versions.ts (each versioned operation's default
 * version header). `--check` writes nothing and exits 1 when either file differs from what the routes make now,
 * which server/http/client-drift.test.ts runs, so the client cannot drift from the API.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatedClientFiles } from "./generated-files";

const check = process.argv.includes("--check");
const files = await generatedClientFiles();
let drifted = false;
for (const [name, text] of Object.entries(files)) {
  const file = path.join(import.meta.dirname, "../src", name);
  const current = (() => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return null;
    }
  })();
  if (current === text) continue;
  if (check) {
    drifted = true;
    console.error(`packages/client/src/${name} is out of date: run npm run client:generate`);
  } else {
    writeFileSync(file, text);
    console.log(`wrote packages/client/src/${name}`);
  }
}
if (drifted) process.exit(1);
