import { createUser } from "../../users/user.service";
import { ZSignUpInput } from "../../users/user.schemas";
import { publicProcedure, router } from "../init";

export const authRouter = router({
  /** Creates the account only; the browser then signs in through next-auth with the same credentials. */
  signUp: publicProcedure.input(ZSignUpInput).mutation(async ({ input }) => {
    const user = await createUser(input);
    return { email: user.email };
  }),
});
