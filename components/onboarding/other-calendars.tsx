"use client";
/**
 * The calendar step's other kinds, as configured on this server: Google and Outlook through their consent (which comes
 * back to this step), CalDAV and Apple with a login. The forms are the settings page's own (components/calendars).
 */
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { CalDavForm } from "@/components/calendars/caldav-form";
import { OAUTH_TITLES, OAuthConnectButton } from "@/components/calendars/oauth-connect-button";
import { useTRPC } from "@/components/trpc/client";
import { themeClasses, type Theme } from "./theme";
import { ThemedAlert } from "./themed-ui";

export function OtherCalendars({ theme, returnTo, onConnected }: { theme: Theme; returnTo: string; onConnected: () => void }) {
  const trpc = useTRPC();
  const kinds = useQuery(trpc.calendars.kinds.queryOptions());
  const params = useSearchParams();
  const oauth = (["google", "office365"] as const).filter((calendar) => kinds.data?.[calendar]);
  const classes = themeClasses(theme);
  return (
    <div className="space-y-3">
      {params.get("status") === "success" && (
        <ThemedAlert theme={theme} tone="info">
          Calendar connected. Continue when you are ready.
        </ThemedAlert>
      )}
      {oauth.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {oauth.map((calendar) => (
            <OAuthConnectButton key={calendar} calendar={calendar} returnTo={returnTo}>
              {`Connect ${OAUTH_TITLES[calendar]}`}
            </OAuthConnectButton>
          ))}
        </div>
      )}
      <details className={`rounded-md border p-3 ${classes.card}`}>
        <summary className={`cursor-pointer text-sm font-medium ${classes.label}`}>
          <span id="onboarding-caldav-heading">Connect CalDAV or Apple Calendar</span>
        </summary>
        {/* The kit's fields are drawn for a light surface: they keep one in either theme. */}
        <div className="mt-3 rounded-md bg-white p-3 text-slate-900 [color-scheme:light]">
          <CalDavForm defaultUrl={kinds.data?.defaultCalDavUrl ?? "https://caldav.icloud.com/"} idPrefix="onboarding-caldav" onConnected={onConnected} />
        </div>
      </details>
    </div>
  );
}
