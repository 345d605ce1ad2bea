/**
 * The reference's TypeScript snippets compile against the typed client: each operation's snippet is written out as a
 * module importing `@convene/client` (packages/client/src) and type-checked, so a snippet whose path, parameters or
 * body no longer fit the generated types fails here.
 */
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { typescriptSnippet } from "@/components/docs/api-snippets";
import { referenceGroups } from "@/components/docs/reference-document";

const ROOT = path.resolve(import.meta.dirname, "../..");
// Under node_modules so that TypeScript finds @types/node and openapi-fetch the way the checkout's own files do.
const DIR = path.join(ROOT, "node_modules/.cache/convene-api-snippets");
const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");

it("every operation's TypeScript snippet type-checks against packages/client", async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const operations = referenceGroups("https://convene.example").flatMap((group) => group.operations);
  operations.forEach((operation, index) =>
    writeFileSync(path.join(DIR, `snippet-${index}.ts`), `${typescriptSnippet(operation, "https://convene.example")}\nexport {};\n`),
  );
  writeFileSync(
    path.join(DIR, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
        lib: ["ES2022", "DOM"],
        paths: { "@convene/client": [path.join(ROOT, "packages/client/src/index.ts")] },
      },
      include: ["*.ts"],
    }),
  );
  // Asynchronously: a compiler run of a minute must not hold the test worker's event loop (vitest's RPC times out).
  const result = await promisify(execFile)(process.execPath, [TSC, "-p", path.join(DIR, "tsconfig.json")]).then(
    ({ stdout, stderr }) => ({ output: stdout + stderr, failed: false }),
    (error: { stdout?: string; stderr?: string }) => ({ output: `${error.stdout ?? ""}${error.stderr ?? ""}`, failed: true }),
  );
  expect(result.output).toBe("");
  expect(result.failed).toBe(false);
  expect(operations.length).toBeGreaterThan(150);
}, 180_000);
