/** RFC 7009 revocation endpoint. */
import { oauthProtocolRoute } from "@/server/oauth/protocol-route";
import { revokeToken } from "@/server/oauth/revocation";

export const POST = oauthProtocolRoute(revokeToken);
