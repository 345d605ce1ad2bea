/**
 * The reference's view of the OpenAPI document, built once per process and server address: the document depends
 * only on the route declarations and the configuration read at start, and building it takes a good part of a second.
 */
import { buildOpenApiDocument } from "@/server/http/openapi";
import { ROUTE_CATALOG } from "@/server/http/route-catalog";
import { groupOperations, type TTagGroup } from "./openapi-view";

const groupsByBaseUrl = new Map<string, TTagGroup[]>();

export function referenceGroups(baseUrl: string): TTagGroup[] {
  let groups = groupsByBaseUrl.get(baseUrl);
  if (!groups) {
    groups = groupOperations(buildOpenApiDocument(ROUTE_CATALOG, baseUrl));
    groupsByBaseUrl.set(baseUrl, groups);
  }
  return groups;
}
