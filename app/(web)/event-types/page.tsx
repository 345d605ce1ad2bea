import type { Metadata } from "next";
import { EventTypesPage } from "@/components/event-types/event-types-page";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Event types" };

export default async function Page() {
  await requireSessionUser("/event-types");
  return <EventTypesPage />;
}
