import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>["eventTypes"];
export type TOverview = Outputs["overview"];
export type TTeamGroup = TOverview["teams"][number];
export type TListedEventType = TOverview["personal"]["eventTypes"][number] | TTeamGroup["eventTypes"][number];
export type TEditorData = Outputs["get"];
export type TLocationKind = Outputs["locationKinds"][number];
export type TPrivateLink = Outputs["privateLinks"]["list"][number];
/** Where an event type lives: the user's own (teamId null) or a team's. */
export type TEventTypeScope = { teamId: number | null; publicBase: string };
