import { createClient, deleteClient, listOwnClients, updateClient } from "../../oauth/clients";
import { createClientSecret, revokeClientSecret } from "../../oauth/client-secrets";
import { ZClientIdInput, ZCreateClientInput, ZSecretIdInput, ZUpdateClientInput } from "../../oauth/oauth-client.schemas";
import { protectedProcedure, router } from "../init";

/** The signed-in developer's own OAuth clients. The status is never an input: only admins move it. */
export const oauthClientsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listOwnClients(ctx.actor).then((clients) => clients.map(toClientView))),
  create: protectedProcedure.input(ZCreateClientInput).mutation(async ({ ctx, input }) => {
    const { client, secret } = await createClient(ctx.actor, input);
    return { client: toClientView(client), secret };
  }),
  update: protectedProcedure.input(ZUpdateClientInput).mutation(({ ctx, input }) => updateClient(ctx.actor, input).then(toClientView)),
  delete: protectedProcedure.input(ZClientIdInput).mutation(({ ctx, input }) => deleteClient(ctx.actor, input.clientId)),
  createSecret: protectedProcedure.input(ZClientIdInput).mutation(async ({ ctx, input }) => {
    const { secret, id, hint, createdAt } = await createClientSecret(ctx.actor, input.clientId);
    return { secret, id, hint, createdAt: createdAt.toISOString() };
  }),
  revokeSecret: protectedProcedure.input(ZSecretIdInput).mutation(({ ctx, input }) => revokeClientSecret(ctx.actor, input.clientId, input.secretId)),
});

type ClientRow = Awaited<ReturnType<typeof listOwnClients>>[number];

/** Plain JSON has no dates: ISO strings say on the client what they really are. */
export function toClientView(client: ClientRow) {
  return {
    ...client,
    createdAt: client.createdAt.toISOString(),
    updatedAt: client.updatedAt.toISOString(),
    secrets: client.secrets.map((secret) => ({ ...secret, createdAt: secret.createdAt.toISOString() })),
  };
}
