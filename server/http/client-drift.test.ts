/** packages/client's generated files are what the route declarations make today: a route changed without `npm run client:generate` fails here. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { generatedClientFiles } from "../../packages/client/scripts/generated-files";

it("packages/client/src/schema.ts and versions.ts match the OpenAPI document of the routes (npm run client:generate)", async () => {
  const files = await generatedClientFiles();
  for (const [name, text] of Object.entries(files)) {
    const current = readFileSync(path.join(import.meta.dirname, "../../packages/client/src", name), "utf8");
    expect(current === text, `packages/client/src/${name} is out of date: run npm run client:generate`).toBe(true);
  }
}, 60_000);
