import type { Metadata } from "next";
import { EventTypeOverview } from "@/components/event-types/event-type-overview";
import { sessionActor } from "@/server/auth/actor";
import { requireSessionUser } from "@/server/auth/session";
import { listEventTypes } from "@/server/event-types/event-type.service";
import { ZPaginationQuery } from "@/server/http/pagination";
import { getMe } from "@/server/me/me.service";

export const metadata: Metadata = { title: "Event types" };

export default async function EventTypesPage() {
  const user = await requireSessionUser("/event-types");
  const actor = sessionActor(user.id);
  const [me, { items }] = await Promise.all([getMe(actor), listEventTypes(actor, ZPaginationQuery.parse({ take: "250" }))]);
  return <EventTypeOverview username={me.username} eventTypes={items} />;
}
