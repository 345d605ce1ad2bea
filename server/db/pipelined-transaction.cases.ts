/**
 * pipelinedTransaction (client.ts) on whichever database the file points the client at: statements sent in several
 * batches commit together with the last, and every way of not getting there (a statement's error, an error of the
 * caller's, no commit asked for) leaves nothing behind and the connection usable.
 */
import { afterAll, beforeAll, expect, it } from "vitest";

const TABLE = `pipelined_test_${process.pid}`;
const load = () => import("./client");
const insert = (n: number) => ({ text: `INSERT INTO ${TABLE} (n) VALUES ($1::int) RETURNING n`, values: [n] });

async function stored(): Promise<number[]> {
  const { sql } = await load();
  return (await sql<{ n: number }>(`SELECT n FROM ${TABLE} ORDER BY n`)).map(({ n }) => n);
}

export function pipelinedTransactionCases(): void {
  beforeAll(async () => void (await (await load()).sql(`CREATE TABLE ${TABLE} (n int PRIMARY KEY)`)));
  afterAll(async () => void (await (await load()).sql(`DROP TABLE ${TABLE}`)));

  it("commits what several batches sent, with the last, and answers each batch's rows", async () => {
    const { pipelinedTransaction } = await load();
    const answered = await pipelinedTransaction(async (send) => {
      const first = await send([insert(1), insert(2)]);
      const last = await send([insert(3)], { commit: true });
      return [...first, ...last].map((result) => result.rows[0]);
    });
    expect(answered).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it("rolls back every batch when a statement of the last fails, and throws its error", async () => {
    const { pipelinedTransaction } = await load();
    const failing = pipelinedTransaction(async (send) => {
      await send([insert(10)]);
      return send([insert(11), insert(1)], { commit: true }); // 1 is taken: a unique violation
    });
    await expect(failing).rejects.toMatchObject({ code: "23505" });
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it("rolls back when the caller throws, or returns without committing", async () => {
    const { pipelinedTransaction } = await load();
    const thrown = pipelinedTransaction(async (send) => {
      await send([insert(20)]);
      throw new Error("changed its mind");
    });
    await expect(thrown).rejects.toThrow("changed its mind");
    expect(await pipelinedTransaction(async (send) => (await send([insert(21)])).length)).toBe(1);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it("refuses the global client inside (a second connection), rolling back", async () => {
    const { pipelinedTransaction, sql } = await load();
    const misuse = pipelinedTransaction(async (send) => {
      await send([insert(30)]);
      return sql("SELECT 1");
    });
    await expect(misuse).rejects.toMatchObject({ name: "SecondConnectionError" });
    expect(await stored()).toEqual([1, 2, 3]);
  });
}
