/**
 * `npm run db:migration` writes a migration from the difference between schema.prisma and the snapshot
 * the migrations were last written from. If schema.prisma changes without a migration, the database
 * and the Prisma client disagree at run time; this test fails first.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diffSchemas, SCHEMA_PATH, SNAPSHOT_PATH } from "./schema-engine";

describe("prisma/schema.prisma and the migrations", () => {
  it("have no difference left to migrate", async () => {
    const sql = await diffSchemas(process.env.DATABASE_URL!, readFileSync(SNAPSHOT_PATH, "utf8"), readFileSync(SCHEMA_PATH, "utf8"));
    const statements = sql.split("\n").filter((line) => line.trim() && !line.trim().startsWith("--"));
    expect(statements, `schema.prisma changed without a migration; run npm run db:migration -- NAME\n${sql}`).toEqual([]);
  });
});
