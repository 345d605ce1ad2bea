import { TextLink } from "@/components/ui/text-link";

/**
 * An unknown booking, a bare uid and a wrong token all land here alike, so the page never confirms that a booking
 * exists to someone without its link (server/bookings/manage-link.service.ts).
 */
export function BookingLinkRequired() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <p className="text-sm font-medium text-indigo-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold">Open this booking from your mail</h1>
      <p className="mt-3 text-slate-600">
        A booking&apos;s page opens from the link in the mails about it. Use the link in your latest mail, or log in if you are its host.
      </p>
      <p className="mt-6">
        <TextLink href="/auth/login">Log in</TextLink>
      </p>
    </main>
  );
}
