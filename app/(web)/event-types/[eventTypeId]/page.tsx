import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EventTypeEditor } from "@/components/event-types/event-type-editor";
import { isEditorSection } from "@/components/event-types/sections";
import { TextLink } from "@/components/ui/text-link";
import { requireSessionUser } from "@/server/auth/session";
import { ZIdParam } from "@/server/http/ids";

export const metadata: Metadata = { title: "Event type" };

type Props = { params: Promise<{ eventTypeId: string }>; searchParams: Promise<{ section?: string | string[] }> };

export default async function EventTypePage({ params, searchParams }: Props) {
  const [{ eventTypeId: raw }, { section }] = await Promise.all([params, searchParams]);
  await requireSessionUser(`/event-types/${encodeURIComponent(raw)}`);
  const eventTypeId = ZIdParam.safeParse(raw);
  if (!eventTypeId.success) notFound();
  return (
    <>
      <TextLink href="/event-types" className="text-sm">
        ← All event types
      </TextLink>
      <div className="mt-4">
        <EventTypeEditor eventTypeId={eventTypeId.data} section={isEditorSection(section) ? section : "basics"} />
      </div>
    </>
  );
}
