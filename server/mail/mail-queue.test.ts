/**
 * queueMails on the real database (no SMTP_URL: mails land in OutboxMail). The checks of what a transaction wrote are
 * made inside it, where no other test file's job runner can have sent the mails yet.
 */
import { afterAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "@/prisma/factories";
import { db, disconnectDb, type Tx } from "../db/client";
import { runPendingJobs } from "../jobs/workers";
import { queueMails, SEND_MAIL_JOB, sendQueuedMails } from "./mail-queue";

afterAll(() => disconnectDb());

const letter = (to: string, secret = "") => ({ to, subject: `Hello ${to}`, text: `Your link: https://convene.test/${secret}\n` });

const jobsNaming = (client: Tx, id: number) =>
  client.$queryRawUnsafe<{ data: unknown }[]>(
    `SELECT data FROM pgboss.job WHERE name = $1 AND data->'mailIds' @> $2::jsonb`,
    SEND_MAIL_JOB,
    JSON.stringify([id]),
  );

describe("queueMails", () => {
  it("writes the mails and one job holding only their ids in the transaction; the job sends each once and deletes it", async () => {
    const [ada, bob] = [uniqueEmail("ada"), uniqueEmail("bob")];
    const secret = `secret-${Math.random().toString(36).slice(2)}`;
    const mailIds = await db.$transaction(async (tx) => {
      await queueMails(tx, [letter(ada, secret), letter(bob, secret)]);
      const rows = await tx.queuedMail.findMany({ where: { to: { in: [ada, bob] } }, orderBy: { id: "asc" } });
      expect(rows.map(({ to }) => to)).toEqual([ada, bob]);
      const jobs = await jobsNaming(tx, rows[0]!.id);
      expect(jobs.map(({ data }) => data)).toEqual([{ mailIds: rows.map(({ id }) => id) }]);
      return rows.map(({ id }) => id);
    });
    await runPendingJobs();
    for (const to of [ada, bob]) {
      const mails = await db.outboxMail.findMany({ where: { to } });
      expect(mails.map(({ subject, text }) => ({ subject, text }))).toEqual([{ subject: `Hello ${to}`, text: `Your link: https://convene.test/${secret}\n` }]);
    }
    expect(await db.queuedMail.count({ where: { id: { in: mailIds } } })).toBe(0);
  });

  it("leaves neither mail nor job when the transaction rolls back", async () => {
    const to = uniqueEmail("rolled-back");
    let queuedId = 0;
    await expect(
      db.$transaction(async (tx) => {
        await queueMails(tx, [letter(to)]);
        queuedId = (await tx.queuedMail.findFirstOrThrow({ where: { to } })).id;
        throw new Error("the change failed after queueing its mail");
      }),
    ).rejects.toThrow("the change failed");
    expect(queuedId).toBeGreaterThan(0);
    expect(await jobsNaming(db, queuedId)).toEqual([]);
    await runPendingJobs();
    expect(await db.queuedMail.count({ where: { to } })).toBe(0);
    expect(await db.outboxMail.count({ where: { to } })).toBe(0);
  });

  it("sends once when its job runs again after a completed run", async () => {
    const to = uniqueEmail("twice");
    const mailIds = await db.$transaction(async (tx) => {
      await queueMails(tx, [letter(to)]);
      return (await tx.queuedMail.findMany({ where: { to }, select: { id: true } })).map(({ id }) => id);
    });
    await sendQueuedMails({ mailIds });
    await sendQueuedMails({ mailIds });
    await runPendingJobs();
    expect(await db.outboxMail.count({ where: { to } })).toBe(1);
  });
});
