/**
 * Prisma's own schema engine, compiled to WebAssembly. The native engine cannot be downloaded on our
 * machines, so migrations are applied and written through this instead; the migration folders stay
 * exactly what `prisma migrate deploy` reads, so the real CLI works wherever it can fetch its engine.
 */
import { readFile, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { MigrationDirectory, SchemaEngine } from "@prisma/schema-engine-wasm";

export const PRISMA_DIR = path.resolve(import.meta.dirname, "../../prisma");
export const SCHEMA_PATH = path.join(PRISMA_DIR, "schema.prisma");
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, "migrations");
/** schema.prisma as of the newest migration; `db:migration` diffs against it and then updates it. */
export const SNAPSHOT_PATH = path.join(MIGRATIONS_DIR, "schema.snapshot.prisma");
const LOCKFILE = "migration_lock.toml";
const NO_FILTERS = { externalTables: [], externalEnums: [] };

type ScriptAdapter = {
  executeScript(script: string): Promise<void>;
  underlyingDriver(): { query(text: string): Promise<unknown> };
  /** The adapter's own translation of a pg error into one the engine reports in full (it throws). */
  onError(error: unknown): never;
};

/**
 * The pg adapter runs a migration script by splitting it on every ";", which breaks on a semicolon in a
 * comment or inside a function body (our triggers). PostgreSQL's simple query protocol takes a whole
 * multi-statement script as one query, so we hand it over unsplit.
 */
function wholeScriptAdapter(factory: PrismaPg): PrismaPg {
  return new Proxy(factory, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== "connect" || typeof value !== "function") return value;
      return async () => {
        const adapter = (await value.call(target)) as ScriptAdapter;
        adapter.executeScript = async (script: string) => {
          await adapter
            .underlyingDriver()
            .query(script)
            .catch((error: unknown) => adapter.onError(error));
        };
        return adapter;
      };
    },
  });
}

let wasmReady: Promise<void> | undefined;

function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), { "./schema_engine_bg.js": bg });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start: () => void };
    bg.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
  })();
  return wasmReady;
}

async function withEngine<T>(connectionString: string, run: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  await loadWasm();
  const datamodel = await readFile(SCHEMA_PATH, "utf8");
  const adapter = bindMigrationAwareSqlAdapterFactory(wholeScriptAdapter(new PrismaPg({ connectionString })));
  const logs: string[] = [];
  const engine = (await bg.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, datamodel]] }, (line: string) => logs.push(line), adapter)) as SchemaEngine;
  try {
    return await run(engine);
  } finally {
    engine.free();
  }
}

async function readMigrationsList() {
  const names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrationDirectories: MigrationDirectory[] = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok" as const, value: await readFile(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8") },
      },
    })),
  );
  const lockContent = await readFile(path.join(MIGRATIONS_DIR, LOCKFILE), "utf8").catch(() => null);
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: LOCKFILE, content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

/** Applies every migration not yet recorded in `_prisma_migrations`; returns the names applied. */
export async function applyMigrations(connectionString: string): Promise<string[]> {
  const migrationsList = await readMigrationsList();
  return withEngine(connectionString, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    return result.appliedMigrationNames;
  });
}

/**
 * The SQL that takes the schema the migrations build (`previous`, kept as a snapshot beside them) to
 * `schema.prisma`. A pure comparison of two datamodels: no shadow database (the engine only needs a connection to start). (Replaying the
 * migrations into a shadow database needs introspection that the pg driver adapter cannot serve yet:
 * it refuses PostgreSQL's "char" catalog columns.)
 */
export async function diffSchemas(connectionString: string, previous: string | null, next: string): Promise<string> {
  return withEngine(connectionString, async (engine) => {
    const result = await engine.diff({
      from: previous === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: [{ path: SNAPSHOT_PATH, content: previous }] },
      to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: next }] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return result.stdout ?? "";
  });
}
