/**
 * Operator CLI; prints JSON. Usage:
 *   npm run cli -- user:create --email E --password P [--name N] [--username U] [--admin]
 *   npm run cli -- api-key:create --email E [--name N]      (prints the key once)
 *   npm run cli -- mail:outbox [--to E] [--take N]          (mails kept when SMTP_URL is not set, with their attachments)
 * Bad arguments: a message on stderr, exit code 2, nothing written.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { AppError } from "../errors";
import { openDatabase } from "../db/embedded";
import { applyMigrations } from "../db/schema-engine";

class UsageError extends Error {}

const COMMANDS = {
  "user:create": {
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, username: { type: "string" }, admin: { type: "boolean" } },
    async run(values: Record<string, string | boolean | undefined>) {
      if (!values.email || !values.password) throw new UsageError("user:create needs --email and --password");
      const { createUser } = await import("../users/user.service");
      const input = { email: String(values.email), password: String(values.password), name: values.name as string | undefined, username: values.username as string | undefined };
      return createUser(input, { role: values.admin ? "ADMIN" : "USER" });
    },
  },
  "api-key:create": {
    options: { email: { type: "string" }, name: { type: "string" } },
    async run(values: Record<string, string | boolean | undefined>) {
      if (!values.email) throw new UsageError("api-key:create needs --email");
      const { db } = await import("../db/client");
      const { createApiKey } = await import("../api-keys/api-key.service");
      const user = await db.user.findUnique({ where: { email: String(values.email).trim().toLowerCase() }, select: { id: true } });
      if (!user) throw new UsageError(`No user with e-mail ${values.email}`);
      return createApiKey(user.id, { name: (values.name as string | undefined) ?? "CLI" });
    },
  },
  "mail:outbox": {
    options: { to: { type: "string" }, take: { type: "string" } },
    async run(values: Record<string, string | boolean | undefined>) {
      const take = Number(values.take ?? 20);
      if (!Number.isInteger(take) || take < 1 || take > 1000) throw new UsageError("--take is a whole number from 1 to 1000");
      const { db } = await import("../db/client");
      const to = typeof values.to === "string" ? values.to.trim().toLowerCase() : undefined;
      return db.outboxMail.findMany({ where: to ? { to } : {}, orderBy: { id: "desc" }, take });
    },
  },
} as const;

function usage(): string {
  return [
    "usage:",
    "  npm run cli -- user:create --email E --password P [--name N] [--username U] [--admin]",
    "  npm run cli -- api-key:create --email E [--name N]",
    "  npm run cli -- mail:outbox [--to E] [--take N]     (mails kept when SMTP_URL is not set)",
  ].join("\n");
}

async function main(): Promise<number> {
  const [commandName, ...rest] = process.argv.slice(2);
  const command = COMMANDS[commandName as keyof typeof COMMANDS];
  if (!command) {
    console.error(`${commandName ? `unknown command: ${commandName}\n` : ""}${usage()}`);
    return 2;
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }).values as typeof values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage()}`);
    return 2;
  }
  const database = await openDatabase();
  process.env.DATABASE_URL = database.url;
  try {
    await applyMigrations(database.url);
    const result = await command.run(values);
    console.log(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof AppError) console.error(error.message);
    else if (error instanceof z.ZodError) console.error(error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
    else throw error;
    return 2;
  } finally {
    const { disconnectDb } = await import("../db/client");
    await disconnectDb();
    await database.stop();
  }
}

process.exit(await main());
