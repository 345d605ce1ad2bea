/** The site's password change form and procedure (pure: the form imports it). */
import { z } from "zod";
import { ZPassword } from "../users/user.schemas";

export const ZChangePasswordInput = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(200),
    newPassword: ZPassword,
  })
  .strict()
  .refine((value) => value.newPassword !== value.currentPassword, { path: ["newPassword"], message: "Choose a password other than the current one" });
export type TChangePasswordInput = z.input<typeof ZChangePasswordInput>;
