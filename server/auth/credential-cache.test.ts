import { describe, expect, it, vi } from "vitest";
import { makeApiKey, makeUser } from "@/prisma/factories";
import { sql } from "../db/client";
import { principalForBearer } from "./authenticate";
import { credentialCache } from "./credential-cache";
import { hashSecret } from "./secrets";

describe("credential cache", () => {
  it("serves a resolved key from memory, and a revocation by any process (NOTIFY) flushes it", async () => {
    const user = await makeUser();
    const key = await makeApiKey(user.id);
    await vi.waitFor(async () => {
      await principalForBearer(key);
      expect(credentialCache.get(hashSecret(key))).not.toBeNull();
    });
    // Revoked behind this process's back, as another app instance would, then announced.
    await sql(`UPDATE "ApiKey" SET "revokedAt" = now() WHERE hash = $1`, [hashSecret(key)]);
    await sql("SELECT pg_notify('convene_credentials_flush', '')");
    await vi.waitFor(() => expect(credentialCache.get(hashSecret(key))).toBeNull());
    expect(await principalForBearer(key)).toBeNull();
  });
});
