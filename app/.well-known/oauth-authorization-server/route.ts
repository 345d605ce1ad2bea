import { env } from "@/server/env";
import { authorizationServerMetadata } from "@/server/oauth/metadata";

export function GET() {
  return Response.json(authorizationServerMetadata(env().APP_URL));
}
