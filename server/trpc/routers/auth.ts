import { requestPasswordReset, resetPassword } from "../../auth/password-reset.service";
import { ZForgotPasswordInput, ZResetPasswordInput } from "../../auth/password-reset.schemas";
import { createUser } from "../../users/user.service";
import { ZSignUpInput } from "../../users/user.schemas";
import { publicProcedure, router } from "../init";

export const authRouter = router({
  /** Creates the account only; the browser then signs in through next-auth with the same credentials. */
  signUp: publicProcedure.input(ZSignUpInput).mutation(async ({ input }) => {
    const user = await createUser(input);
    return { email: user.email };
  }),
  /** The same answer whether or not the address has an account. */
  requestPasswordReset: publicProcedure.input(ZForgotPasswordInput).mutation(({ ctx, input }) => requestPasswordReset(input, ctx.clientAddress)),
  /** Sets the password and ends every session; the browser then signs in with it. */
  resetPassword: publicProcedure.input(ZResetPasswordInput).mutation(({ input }) => resetPassword(input)),
});
