/** The e-mail change form and procedures (pure: the form imports it). */
import { z } from "zod";
import { ZEmail } from "../users/user.schemas";

export const ZRequestEmailChangeInput = z.object({ email: ZEmail }).strict();
export type TRequestEmailChangeInput = z.input<typeof ZRequestEmailChangeInput>;
export const ZConfirmEmailChangeInput = z.object({ token: z.string().min(1).max(200) }).strict();
