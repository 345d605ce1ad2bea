/**
 * Who acts, as every service sees it: the user and how they came in. Built at the door (defineRoute for /v2,
 * the tRPC context, the CLI) and nothing else: raw scopes, credential ids and OAuth clients stay in the
 * Principal, because what an actor may see or change is decided by the route's declared access and by the
 * named query builders (event-type-access.ts and the others), never by a service reading a scope.
 */
import type { Principal } from "./principal";

export type ActorVia = "api-key" | "oauth" | "session" | "cli";

export type Actor = { readonly userId: number; readonly via: ActorVia };

export const actorOf = (principal: Pick<Principal, "userId" | "via">): Actor => ({ userId: principal.userId, via: principal.via });

export const sessionActor = (userId: number): Actor => ({ userId, via: "session" });

export const cliActor = (userId: number): Actor => ({ userId, via: "cli" });
