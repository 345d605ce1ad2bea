"use client";
/** Every kind of calendar this server can connect: Google and Outlook when configured, CalDAV/Apple and ICS feeds always. */
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { CalDavForm } from "./caldav-form";
import { IcsFeedForm } from "./ics-feed-form";
import { OAUTH_TITLES, OAuthConnectButton } from "./oauth-connect-button";

const CARD = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

export function ConnectCalendar({ returnTo, onConnected }: { returnTo: string; onConnected?: () => void }) {
  const trpc = useTRPC();
  const kinds = useQuery(trpc.calendars.kinds.queryOptions());
  const oauth = (["google", "office365"] as const).filter((calendar) => kinds.data?.[calendar]);
  return (
    <section aria-labelledby="connect-heading" className="space-y-4">
      <h2 id="connect-heading" className="text-lg font-semibold">
        Connect a calendar
      </h2>
      {oauth.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {oauth.map((calendar) => (
            <OAuthConnectButton key={calendar} calendar={calendar} returnTo={returnTo}>
              {`Connect ${OAUTH_TITLES[calendar]}`}
            </OAuthConnectButton>
          ))}
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className={CARD}>
          <h3 id="caldav-heading" className="font-semibold">
            CalDAV or Apple Calendar
          </h3>
          <div className="mt-3">
            <CalDavForm defaultUrl={kinds.data?.defaultCalDavUrl ?? "https://caldav.icloud.com/"} onConnected={onConnected} />
          </div>
        </div>
        <div className={CARD}>
          <h3 id="ics-heading" className="font-semibold">
            ICS feed
          </h3>
          <div className="mt-3">
            <IcsFeedForm onConnected={onConnected} />
          </div>
        </div>
      </div>
    </section>
  );
}
