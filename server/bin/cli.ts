/**
 * Operator CLI; prints JSON. Usage:
 *   npm run cli -- user:create --email E --password P [--name N] [--username U] [--admin]
 *   npm run cli -- api-key:create --email E [--name N]      (prints the key once)
 *   npm run cli -- mail:outbox [--to E] [--take N]          (mails kept when SMTP_URL is not set, with their attachments)
 *   npm run cli -- admin:grant --email E                     (an existing user becomes an instance admin: reviews OAuth clients)
 *   npm run cli -- admin:revoke --email E                    (refused for the last admin)
 *   npm run cli -- org:create --name N --slug S --owner E    (an organization whose first OWNER is the user E)
 * Bad arguments: a message on stderr, exit code 2, nothing written.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { AppError } from "../errors";
import { openDatabase } from "../db/embedded";
import { applyMigrations } from "../db/schema-engine";
import { ZCreateApiKeyInput, type TCreateApiKeyInput } from "../api-keys/api-key.schemas";
import { ZEmail, ZSignUpInput, type TSignUpInput } from "../users/user.schemas";
import { ZCreateOrganizationInput, type TCreateOrganizationInput } from "../organizations/organization.schemas";

class UsageError extends Error {}

type Values = Record<string, string | boolean | undefined>;

/**
 * Each command checks its arguments (`parse`, no database) before anything is opened, so bad arguments
 * leave no trace, not even a fresh embedded database; `run` then does the work.
 */
const COMMANDS = {
  "user:create": {
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, username: { type: "string" }, admin: { type: "boolean" } },
    parse(values: Values) {
      if (!values.email || !values.password) throw new UsageError("user:create needs --email and --password");
      const input = ZSignUpInput.parse({ email: values.email, password: values.password, name: values.name, username: values.username });
      return { input, role: values.admin ? ("ADMIN" as const) : ("USER" as const) };
    },
    async run({ input, role }: { input: TSignUpInput; role: "ADMIN" | "USER" }) {
      const { createOnboardedUser } = await import("../onboarding/onboarding.service");
      return createOnboardedUser(input, { role });
    },
  },
  "api-key:create": {
    options: { email: { type: "string" }, name: { type: "string" } },
    parse(values: Values) {
      if (!values.email) throw new UsageError("api-key:create needs --email");
      return { email: ZEmail.parse(values.email), key: ZCreateApiKeyInput.parse({ name: values.name ?? "CLI" }) };
    },
    async run({ email, key }: { email: string; key: TCreateApiKeyInput }) {
      const { db } = await import("../db/client");
      const { createApiKey } = await import("../api-keys/api-key.service");
      const { cliActor } = await import("../auth/actor");
      const user = await db.user.findUnique({ where: { email }, select: { id: true } });
      if (!user) throw new UsageError(`No user with e-mail ${email}`);
      return createApiKey(cliActor(user.id), key);
    },
  },
  "mail:outbox": {
    options: { to: { type: "string" }, take: { type: "string" } },
    parse(values: Values) {
      const take = Number(values.take ?? 20);
      if (!Number.isInteger(take) || take < 1 || take > 1000) throw new UsageError("--take is a whole number from 1 to 1000");
      return { take, to: typeof values.to === "string" ? values.to.trim().toLowerCase() : undefined };
    },
    async run({ take, to }: { take: number; to: string | undefined }) {
      const { db } = await import("../db/client");
      return db.outboxMail.findMany({ where: to ? { to } : {}, orderBy: { id: "desc" }, take });
    },
  },
  "org:create": {
    options: { name: { type: "string" }, slug: { type: "string" }, owner: { type: "string" } },
    parse(values: Values) {
      if (!values.name || !values.slug || !values.owner) throw new UsageError("org:create needs --name, --slug and --owner");
      return ZCreateOrganizationInput.parse({ name: values.name, slug: values.slug, ownerEmail: values.owner });
    },
    async run(input: TCreateOrganizationInput) {
      const { createOrganizationAsOperator } = await import("../organizations/organization.service");
      return createOrganizationAsOperator(input);
    },
  },
  "admin:grant": adminCommand("admin:grant"),
  "admin:revoke": adminCommand("admin:revoke"),
} as const;

/** admin:grant and admin:revoke: the instance admin role of an existing user (server/users/admin-role.service.ts). */
function adminCommand(name: "admin:grant" | "admin:revoke") {
  return {
    options: { email: { type: "string" } },
    parse(values: Values) {
      if (!values.email) throw new UsageError(`${name} needs --email`);
      return { email: ZEmail.parse(values.email) };
    },
    async run({ email }: { email: string }) {
      const { grantAdmin, revokeAdmin } = await import("../users/admin-role.service");
      return name === "admin:grant" ? grantAdmin(email) : revokeAdmin(email);
    },
  } as const;
}

type Command = { options: (typeof COMMANDS)[keyof typeof COMMANDS]["options"]; parse: (values: Values) => unknown; run: (input: never) => Promise<unknown> };

/** A usage problem as the message to print, or null when `error` is not one. */
function usageMessage(error: unknown): string | null {
  if (error instanceof UsageError || error instanceof AppError) return error.message;
  if (error instanceof z.ZodError) return error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n");
  return null;
}

function usage(): string {
  return [
    "usage:",
    "  npm run cli -- user:create --email E --password P [--name N] [--username U] [--admin]",
    "  npm run cli -- api-key:create --email E [--name N]",
    "  npm run cli -- mail:outbox [--to E] [--take N]     (mails kept when SMTP_URL is not set)",
    "  npm run cli -- admin:grant --email E               (instance admin: reviews OAuth clients)",
    "  npm run cli -- admin:revoke --email E",
    "  npm run cli -- org:create --name N --slug S --owner E  (E: the first OWNER, an existing user)",
  ].join("\n");
}

async function main(): Promise<number> {
  const [commandName, ...rest] = process.argv.slice(2);
  const command = COMMANDS[commandName as keyof typeof COMMANDS] as Command | undefined;
  if (!command) {
    console.error(`${commandName ? `unknown command: ${commandName}\n` : ""}${usage()}`);
    return 2;
  }
  let input: unknown;
  try {
    const { values } = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false });
    input = command.parse(values as Values);
  } catch (error) {
    console.error(`${usageMessage(error) ?? (error as Error).message}\n${usage()}`);
    return 2;
  }
  const database = await openDatabase();
  process.env.DATABASE_URL = database.url;
  try {
    await applyMigrations(database.url);
    const result = await command.run(input as never);
    console.log(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    const message = usageMessage(error);
    if (message === null) throw error;
    console.error(message);
    return 2;
  } finally {
    const { disconnectDb } = await import("../db/client");
    await disconnectDb();
    await database.stop();
  }
}

process.exit(await main());
