import pg from "pg";
import { describe, expect, it } from "vitest";
import { makeUser } from "@/prisma/factories";
import { adminNotice, GRANT_ADMIN_COMMAND, hasAdmin, instanceHasAdmin } from "./admin-notice";

describe("npm start's notice while no user is an administrator", () => {
  it("names the CLI command that makes one, and says nothing once there is one", () => {
    expect(adminNotice(false)).toContain("No administrator yet");
    expect(adminNotice(false)).toContain(GRANT_ADMIN_COMMAND);
    expect(GRANT_ADMIN_COMMAND).toMatch(/^npm run cli -- admin:grant --email /);
    expect(adminNotice(true)).toBeNull();
  });

  it("asks the database whether an administrator exists", async () => {
    const user = await makeUser();
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    // A database with no admin, seen inside a transaction that is rolled back: the shared test database keeps its own.
    try {
      await client.query("BEGIN");
      await client.query(`UPDATE "User" SET role = 'USER' WHERE role = 'ADMIN'`);
      expect(await hasAdmin(client)).toBe(false);
      await client.query(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [user.id]);
      expect(await hasAdmin(client)).toBe(true);
    } finally {
      await client.query("ROLLBACK");
      await client.end();
    }
    expect(typeof (await instanceHasAdmin(process.env.DATABASE_URL!))).toBe("boolean");
  });
});
