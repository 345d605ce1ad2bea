import { ZCreateApiKeyInput, ZRefreshApiKeyInput, ZRevokeApiKeyInput } from "../../api-keys/api-key.schemas";
import { createApiKey, listApiKeys, refreshApiKey, revokeApiKey } from "../../api-keys/api-key.service";
import { protectedProcedure, router } from "../init";

type Listing = { id: number; name: string; hint: string; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date | null };

/** Plain JSON has no dates: ISO strings say on the client what they really are. */
const toListing = (key: Listing) => ({
  id: key.id,
  name: key.name,
  hint: key.hint,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  expiresAt: key.expiresAt?.toISOString() ?? null,
});

export const apiKeysRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listApiKeys(ctx.actor)).map(toListing)),
  create: protectedProcedure.input(ZCreateApiKeyInput).mutation(async ({ ctx, input }) => {
    const { key, ...listing } = await createApiKey(ctx.actor, input);
    return { ...toListing(listing), key };
  }),
  refresh: protectedProcedure.input(ZRefreshApiKeyInput).mutation(async ({ ctx, input }) => {
    const { key, ...listing } = await refreshApiKey(ctx.actor, input.id, input.expiresAt ?? null);
    return { ...toListing(listing), key };
  }),
  revoke: protectedProcedure.input(ZRevokeApiKeyInput).mutation(({ ctx, input }) => revokeApiKey(ctx.actor, input.id)),
});
