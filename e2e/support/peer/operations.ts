/**
 * The (method, path) pairs Convene and the peer API both serve. Path parameter names differ between the two
 * documents (`{id}` / `{eventTypeId}`), so a path is compared with its parameters blanked out. A route whose path
 * differs from the peer's equivalent names that operation (`peerOperation`) and is matched by it.
 */
import type { ApiRoute } from "../../../server/http/api-route";
import { operationShape, peerOperationOf } from "../../../server/http/peer-fields";

export { operationShape };

export type SharedOperation = { key: string; route: ApiRoute; peerPath: string };

export function sharedOperations(catalog: readonly ApiRoute[], peerOperations: readonly string[]): SharedOperation[] {
  const peerPathOf = new Map(peerOperations.map((operation) => [operationShape(...(operation.split(" ") as [string, string])), operation.split(" ")[1]!]));
  return catalog.flatMap((route) => {
    const peerPath = peerPathOf.get(operationShape(...(peerOperationOf(route).split(" ") as [string, string])));
    return peerPath === undefined ? [] : [{ key: `${route.method} ${route.path}`, route, peerPath }];
  });
}
