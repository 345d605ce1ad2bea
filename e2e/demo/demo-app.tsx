/**
 * A third-party page using OnboardingEmbed, configured by its query string so tests (and people) can try
 * every mode: ?client_id&host&scope&state&code_challenge&theme&allowed=callback|redirect
 * &denied=callback|redirect&email&name&username&trigger=custom&redirect_uri. Without code_challenge it
 * makes a PKCE pair itself and keeps the verifier in sessionStorage, as a real app would.
 */
// The package's source, as an app would import "@convene/onboarding-embed".
import { OnboardingEmbed, type OnboardingEmbedProps } from "../../packages/onboarding-embed/src/index";
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";

const query = new URLSearchParams(window.location.search);
const get = (key: string) => query.get(key) ?? undefined;

function randomBase64Url(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buffer))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The PKCE challenge from the URL, or a fresh pair whose verifier this page keeps for its token exchange. */
function useCodeChallenge(): string | undefined | null {
  const given = get("code_challenge");
  const [made, setMade] = useState<string | null>(null);
  useEffect(() => {
    if (given || query.get("pkce") === "off") return;
    const verifier = randomBase64Url(32);
    sessionStorage.setItem("convene-code-verifier", verifier);
    void s256(verifier).then(setMade);
  }, [given]);
  if (given || query.get("pkce") === "off") return given;
  return made; // null until made
}

function DemoApp() {
  const [events, setEvents] = useState<string[]>([]);
  const [code, setCode] = useState<string | null>(null);
  const log = (event: string) => setEvents((previous) => [...previous, event]);
  const codeChallenge = useCodeChallenge();
  if (codeChallenge === null) return <p>Preparing…</p>;

  const user = { email: get("email"), name: get("name"), username: get("username") };
  const props: OnboardingEmbedProps = {
    oAuthClientId: get("client_id") ?? "",
    host: get("host") ?? undefined,
    theme: get("theme") as OnboardingEmbedProps["theme"],
    user: Object.values(user).some(Boolean) ? user : undefined,
    authorization: {
      redirectUri: get("redirect_uri") ?? `${window.location.origin}/callback`,
      scope: (get("scope") ?? "PROFILE_READ").split(/[\s,]+/).filter(Boolean),
      state: get("state") ?? randomBase64Url(16),
      codeChallenge,
    },
    onAuthorizationAllowed:
      get("allowed") === "redirect"
        ? undefined
        : ({ code }) => {
            setCode(code);
            log("onAuthorizationAllowed");
          },
    onAuthorizationDenied: get("denied") === "redirect" ? undefined : () => log("onAuthorizationDenied"),
    onError: (error) => log(`onError ${error.code}: ${error.message}`),
    onClose: () => log("onClose"),
    trigger: get("trigger") === "custom" ? <button type="button">Sign up with our scheduling partner</button> : undefined,
  };

  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "48px auto", padding: "0 16px" }}>
      <h1>Demo scheduling app</h1>
      <p>This page is on another site than Convene and embeds its onboarding.</p>
      <OnboardingEmbed {...props} />
      <h2>Authorization code</h2>
      <output aria-label="Authorization code">{code ?? "none yet"}</output>
      <h2>Events</h2>
      <ol aria-label="Events">
        {events.map((event, index) => (
          <li key={index}>{event}</li>
        ))}
      </ol>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(<DemoApp />);
