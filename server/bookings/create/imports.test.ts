/**
 * How far a reader must follow one booking: the files createBooking's module imports, directly or through others
 * (type imports too), within server/bookings and server/slots. Issue 37 brought it from 47 to 34; a change that
 * needs more says so here, where the reviewer sees it. Issue 38's common series added two, each one step of it:
 * series-batch.ts (its write in one batch) and slots/busy-batch.ts (its occurrences' reads made as one): 37.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const ENTRY = path.join(ROOT, "server/bookings/create/index.ts");
const MAX_IMPORTED = 37;

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gs;

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith(".")
    ? path.resolve(path.dirname(from), specifier)
    : specifier.startsWith("@/")
      ? path.join(ROOT, specifier.slice(2))
      : null;
  if (base === null) return null;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/** Every project file `entry` reaches through its imports, itself excluded. */
function importedFiles(entry: string): string[] {
  const seen = new Set<string>([entry]);
  const pending = [entry];
  for (let file = pending.pop(); file; file = pending.pop()) {
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const found = resolveImport(file, match[1] ?? match[2]!);
      if (found && !seen.has(found)) {
        seen.add(found);
        pending.push(found);
      }
    }
  }
  seen.delete(entry);
  return [...seen].map((file) => path.relative(ROOT, file));
}

describe("the booking entry's imports", () => {
  it(`reach at most ${MAX_IMPORTED} files of server/bookings and server/slots`, () => {
    const inScope = importedFiles(ENTRY).filter((file) => /^server\/(bookings|slots)\//.test(file));
    expect(inScope.length, inScope.sort().join("\n")).toBeLessThanOrEqual(MAX_IMPORTED);
    // The count means something only if it sees the path's own files.
    expect(inScope).toContain("server/bookings/create/plan.ts");
    expect(inScope).toContain("server/slots/slots.service.ts");
  });
});
