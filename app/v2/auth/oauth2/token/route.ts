/** Token endpoint (RFC 6749 bodies, never the v2 envelope). */
import { oauthProtocolRoute } from "@/server/oauth/protocol-route";
import { exchangeToken } from "@/server/oauth/token";

export const POST = oauthProtocolRoute(exchangeToken);
