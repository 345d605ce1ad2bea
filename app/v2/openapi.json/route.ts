import { env } from "@/server/env";
import { buildOpenApiDocument } from "@/server/http/openapi";
import { ROUTE_CATALOG } from "@/server/http/route-catalog";

export function GET() {
  return Response.json(buildOpenApiDocument(ROUTE_CATALOG, env().APP_URL));
}
