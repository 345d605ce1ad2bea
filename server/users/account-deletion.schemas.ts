/** The account deletion form and procedure (pure: the form imports it). */
import { z } from "zod";

export const ZDeleteAccountInput = z
  .object({ username: z.string().trim().min(1, "Type your username to confirm"), password: z.string().max(200).optional() })
  .strict();
export type TDeleteAccountInput = z.input<typeof ZDeleteAccountInput>;
