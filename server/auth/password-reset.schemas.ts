import { z } from "zod";
import { ZEmail, ZPassword } from "../users/user.schemas";

export const ZForgotPasswordInput = z.object({ email: ZEmail });
export type TForgotPasswordInput = z.input<typeof ZForgotPasswordInput>;

/** The token as the link carries it; anything longer than a token is not one. */
export const ZResetPasswordInput = z.object({ token: z.string().min(1).max(200), password: ZPassword });
export type TResetPasswordInput = z.input<typeof ZResetPasswordInput>;
