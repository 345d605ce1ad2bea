/** The guard in client.ts: inside db.$transaction(fn) only `tx` may reach the database; before and after, anything may. */
import { describe, expect, it } from "vitest";
import { db, sql } from "./client";
import { SecondConnectionError } from "./transaction-scope";

const rejectionOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("a second connection inside an interactive transaction", () => {
  it("is refused for db.*, sql() and a nested db.$transaction, naming the fix; the transaction rolls back", async () => {
    const email = `guard-${Date.now()}@example.test`;
    for (const misuse of [() => db.user.count(), () => sql("SELECT 1"), () => db.$transaction(async (tx) => tx.user.count()), () => db.$queryRaw`SELECT 1`]) {
      const error = await rejectionOf(
        db.$transaction(async (tx) => {
          await tx.user.create({ data: { email, username: email, name: "Guard" } });
          return misuse();
        }),
      );
      expect(error).toBeInstanceOf(SecondConnectionError);
      expect((error as Error).message).toContain("use the transaction's `tx`");
    }
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("lets the transaction use tx, and code outside any transaction (concurrently) use db", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.$transaction(async (tx) => {
      await held;
      return tx.user.count();
    });
    // Another request's work, running while the transaction is open: not inside it, so not refused.
    expect(await db.user.count()).toBeGreaterThanOrEqual(0);
    expect((await sql<{ one: number }>("SELECT 1 AS one"))[0]!.one).toBe(1);
    release();
    expect(await transaction).toBeGreaterThanOrEqual(0);
  });

  it("does not refuse work started inside the transaction that runs after it has ended", async () => {
    let background!: Promise<number>;
    await db.$transaction(async (tx) => {
      background = new Promise((resolve) => setTimeout(resolve, 50)).then(() => db.user.count());
      return tx.user.count();
    });
    expect(await background).toBeGreaterThanOrEqual(0);
  });
});
