import { OnboardingShell } from "@/components/onboarding/onboarding-shell";
import { themeClasses, type Theme } from "@/components/onboarding/theme";
import { ThemedButton } from "@/components/onboarding/themed-ui";
import type { ValidAuthorization } from "@/server/oauth/authorize";
import { permissionsShown } from "@/server/oauth/consent-permissions";
import { decide } from "@/app/(web)/auth/oauth2/authorize/actions";
import { EmbeddedDecision } from "./embedded-decision";

type Props = {
  authorization: ValidAuthorization;
  params: Record<string, string>;
  userEmail: string;
  theme: Theme;
  /** The verified embedding origin: the decision is posted there instead of redirecting. */
  targetOrigin: string | null;
};

export function ConsentForm({ authorization, params, userEmail, theme, targetOrigin }: Props) {
  const { client } = authorization;
  const website = new URL(client.websiteUrl);
  const classes = themeClasses(theme);
  return (
    <OnboardingShell theme={theme} targetOrigin={targetOrigin} title={`${client.name} wants to access your Convene account`}>
      <div className="flex items-center gap-4">
        {client.logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- third-party logos are arbitrary URLs, not optimisable assets
          <img src={client.logoUrl} alt={`${client.name} logo`} width={48} height={48} className="h-12 w-12 rounded" />
        ) : null}
        <div>
          <p className="font-medium">{client.name}</p>
          <a href={client.websiteUrl} className={`text-sm underline ${classes.link}`} rel="noopener noreferrer" target="_blank">
            {website.host}
          </a>
        </div>
      </div>
      {client.registration !== "DEVELOPER" ? (
        <p className={`mt-4 text-sm ${classes.muted}`}>
          {client.registration === "METADATA_DOCUMENT"
            ? `This is an AI agent. It describes itself at ${client.id}; Convene has not checked who runs it beyond that address.`
            : "This is an AI agent that registered itself with Convene; nobody on this Convene vouches for who runs it."}
          {authorization.resource ? " It asks to use Convene's tools for agents (MCP) on your behalf." : ""}
        </p>
      ) : null}
      <p className={`mt-6 text-sm ${classes.muted}`}>
        Signed in as {userEmail}. {client.registration === "DEVELOPER" ? "This app" : "This agent"} will be able to:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm" aria-label="Requested permissions">
        {permissionsShown(authorization).map((permission) => (
          <li key={permission}>{permission}</li>
        ))}
      </ul>
      {targetOrigin ? (
        <EmbeddedDecision theme={theme} params={params} />
      ) : (
        <form action={decide} className="mt-8 flex gap-3">
          <input type="hidden" name="params" value={JSON.stringify(params)} />
          <ThemedButton theme={theme} type="submit" name="decision" value="allow">
            Allow
          </ThemedButton>
          <ThemedButton theme={theme} type="submit" name="decision" value="deny" variant="secondary">
            Deny
          </ThemedButton>
        </form>
      )}
    </OnboardingShell>
  );
}
