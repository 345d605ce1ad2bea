import type { Metadata } from "next";
import { ConferencingSettings } from "@/components/conferencing/conferencing-settings";
import { requireSessionUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Conferencing" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Zoom's consent returns here with `status=success` or `error=…` (server/conferencing/zoom-oauth.service.ts). */
export default async function ConferencingSettingsPage({ searchParams }: Props) {
  await requireSessionUser("/settings/conferencing");
  const query = await searchParams;
  const outcome = query.status === "success" ? "connected" : typeof query.error === "string" ? query.error : null;
  return (
    <>
      <h1 className="text-2xl font-semibold">Conferencing</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        The video apps your bookings get meetings from. Every booking of an event type located at a video app gets its own meeting link, moved when the booking
        moves and removed when it is cancelled. Jitsi Meet is built in and needs no account.
      </p>
      <div className="mt-8">
        <ConferencingSettings outcome={outcome} />
      </div>
    </>
  );
}
