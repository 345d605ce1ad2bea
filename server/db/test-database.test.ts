import { afterAll, describe, expect, inject, it } from "vitest";
import { db, disconnectDb } from "./client";

afterAll(() => disconnectDb());

describe("the run's scratch database", () => {
  it("is what workers see as DATABASE_URL, and what the db client connects to", async () => {
    const provided = inject("databaseUrl");
    expect(process.env.DATABASE_URL).toBe(provided);
    const name = new URL(provided).pathname.slice(1);
    expect(name).toMatch(/^convene_unit_[0-9a-f]{12}$/);

    const [row] = await db.$queryRaw<{ current_database: string }[]>`SELECT current_database()`;
    expect(row?.current_database).toBe(name);
  });

  it("has the migrations applied", async () => {
    const applied = await db.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL`;
    expect(applied.length).toBeGreaterThan(0);
    await expect(db.user.count()).resolves.toBeGreaterThanOrEqual(0);
  });
});
