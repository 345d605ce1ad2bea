/**
 * The site's account pages (/settings/profile, /general, /security). General settings go through updateMe, the
 * function PATCH /v2/me calls; the rest are the site's own use cases (username, e-mail confirmed by mail, password,
 * deletion), each in its service. Bodies travel as `body`, so services' field paths (`body.username`) name form fields.
 */
import { z } from "zod";
import { changePassword } from "../../auth/password-change";
import { ZChangePasswordInput } from "../../auth/password-change.schemas";
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from "../../me/email-change.service";
import { ZConfirmEmailChangeInput, ZRequestEmailChangeInput } from "../../me/email-change.schemas";
import { getMe, updateMe, updateSiteProfile } from "../../me/me.service";
import { deleteAccount } from "../../users/account-deletion.service";
import { ZDeleteAccountInput } from "../../users/account-deletion.schemas";
import { ZGeneralSettingsInput, ZSiteProfileInput } from "../../users/user.schemas";
import { protectedProcedure, publicProcedure, router } from "../init";

const body = <T extends z.ZodType>(schema: T) => z.object({ body: schema });

export const accountRouter = router({
  me: protectedProcedure.query(({ ctx }) => getMe(ctx.actor)),
  updateProfile: protectedProcedure.input(body(ZSiteProfileInput)).mutation(({ ctx, input }) => updateSiteProfile(ctx.actor, input.body)),
  updateGeneral: protectedProcedure.input(body(ZGeneralSettingsInput)).mutation(({ ctx, input }) => updateMe(ctx.actor, input.body)),
  pendingEmailChange: protectedProcedure.query(({ ctx }) => pendingEmailChange(ctx.actor)),
  requestEmailChange: protectedProcedure.input(body(ZRequestEmailChangeInput)).mutation(({ ctx, input }) => requestEmailChange(ctx.actor, input.body)),
  /** The mailed link's page: the token is the credential, so no session is needed. */
  confirmEmailChange: publicProcedure.input(ZConfirmEmailChangeInput).mutation(({ input }) => confirmEmailChange(input)),
  changePassword: protectedProcedure.input(body(ZChangePasswordInput)).mutation(({ ctx, input }) => changePassword(ctx.actor, input.body, ctx.clientAddress)),
  deleteAccount: protectedProcedure.input(body(ZDeleteAccountInput)).mutation(({ ctx, input }) => deleteAccount(ctx.actor, input.body)),
});
