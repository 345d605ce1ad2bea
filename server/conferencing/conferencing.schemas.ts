/** Inputs and outputs of the conferencing operations (the peer's names and fields; api-v2-fields.md "Conferencing"). */
import { z } from "zod";
import { CONFERENCING_APP_NAMES } from "./conferencing-apps";

const appError = { error: `app must be one of: ${CONFERENCING_APP_NAMES.join(", ")}` };
export const ZConferencingAppParams = z.object({ app: z.enum(CONFERENCING_APP_NAMES as [string, ...string[]], appError) });
export const ZOAuthAppParams = z.object({
  app: z.enum(["zoom"], { error: "Only zoom connects through OAuth; google-meet and office365-video connect with POST /v2/conferencing/{app}/connect" }),
});

const ZReturnUrl = z.string().trim().min(1).max(2048);
export const ZAuthUrlQuery = z.object({
  returnTo: ZReturnUrl.describe(
    "Where the browser goes after a successful connection: a path on this service, or a URL on the origin of one of the calling OAuth client's redirect URIs",
  ),
  onErrorReturnTo: ZReturnUrl.describe("Where the browser goes when the connection fails, under the same rule"),
});
export type TAuthUrlQuery = z.infer<typeof ZAuthUrlQuery>;

export const ZConferencingCallbackQuery = z.object({
  state: z.string().max(4096).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
});

export const ZConferencingAppOutput = z.object({ id: z.number(), type: z.string(), userId: z.number(), invalid: z.boolean() });
export const ZDefaultConferencingAppOutput = z.object({ appSlug: z.string(), appLink: z.string().optional() });
export const ZAuthUrlOutput = z.object({ url: z.string() });

/** The site's forms and buttons (tRPC): one app by name. */
export const ZConferencingAppInput = z.object({ app: z.enum(CONFERENCING_APP_NAMES as [string, ...string[]], appError) });
