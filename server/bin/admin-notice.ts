/**
 * What `npm start` tells the operator of an instance with no administrator: OAuth clients wait for an admin's review,
 * and on a fresh install nobody is one, so a developer's first client would stay "Pending review" with nobody to see
 * why. The only way to an admin is the CLI (server/users/admin-role.service.ts), named here.
 */
import pg from "pg";
import { GRANT_ADMIN_COMMAND } from "../users/admin-command";

export { GRANT_ADMIN_COMMAND };

export function adminNotice(hasAdmin: boolean): string | null {
  if (hasAdmin) return null;
  return `No administrator yet: OAuth clients wait for an admin's review. Make a user (who has signed up) an admin with: ${GRANT_ADMIN_COMMAND}`;
}

export async function hasAdmin(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ exists: boolean }>(`SELECT EXISTS (SELECT 1 FROM "User" WHERE role = 'ADMIN') AS exists`);
  return rows[0]?.exists ?? false;
}

export async function instanceHasAdmin(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await hasAdmin(client);
  } finally {
    await client.end();
  }
}
