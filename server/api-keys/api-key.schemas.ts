import { z } from "zod";
import { ZIdField } from "../http/ids";

export const ZCreateApiKeyInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "Name is at most 100 characters"),
  expiresAt: z.coerce
    .date()
    .refine((date) => date.getTime() > Date.now(), "Expiry must be in the future")
    .nullish(),
});
export type TCreateApiKeyInput = z.input<typeof ZCreateApiKeyInput>;

export const ZRevokeApiKeyInput = z.object({ id: ZIdField });
