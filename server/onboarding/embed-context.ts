/** The embed context of the current request (pages and server actions), from the signed embed cookie. */
import { cookies } from "next/headers";
import { EMBED_COOKIE, matchesEmbed, openEmbedContext, type EmbedContext } from "./embed-session";

export async function getEmbedContext(): Promise<EmbedContext | null> {
  return openEmbedContext((await cookies()).get(EMBED_COOKIE)?.value);
}

export type EmbedMode =
  | { kind: "site" }
  | { kind: "embed"; context: EmbedContext }
  /** Inside an embed, a request for another app or redirect URI: refused, its code would reach the wrong page. */
  | { kind: "mismatch" };

/** Site or embed for a flow carrying `authorization` (null: a flow that did not come from an app). */
export async function resolveEmbedMode(authorization: Record<string, string | undefined> | null): Promise<EmbedMode> {
  const context = await getEmbedContext();
  if (!context) return { kind: "site" };
  if (!authorization || !matchesEmbed(context, authorization)) return { kind: "mismatch" };
  return { kind: "embed", context };
}
