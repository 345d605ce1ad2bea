/**
 * A test double of the peer's published OnboardingEmbed, written from its documented protocol rather than
 * Convene's package: it opens `{host}/api/onboarding-embed/verify` in an iframe and reads every message's
 * fields flat (`event.data.code`, `.state`, `.width`, `.height`, `.message`), only from that iframe and only
 * when the origin is exactly `host`'s. It applies both `width` and `height` to the iframe, checks `state`
 * (STATE_MISMATCH), calls back or redirects. Configured by its query string: ?host&client_id&scope&state
 * &code_challenge&redirect_uri&allowed=callback|redirect&denied=callback|redirect. Plain script, no React:
 * what matters is which fields it reads.
 */
export const FLAT_EMBED_DOUBLE = `
<main style="font-family: system-ui, sans-serif; margin: 32px">
  <h1>Peer-protocol app</h1>
  <button type="button" id="open">Continue with Convene</button>
  <div id="dialog" role="dialog" aria-label="Continue with Convene" hidden></div>
  <h2>Authorization code</h2>
  <output aria-label="Authorization code">none yet</output>
  <h2>Events</h2>
  <ol aria-label="Events"></ol>
</main>
<script>
const query = new URLSearchParams(location.search);
const host = query.get("host");
const hostOrigin = new URL(host).origin;
const state = query.get("state") || "flat-state";
const redirectUri = query.get("redirect_uri") || location.origin + "/callback";
const dialog = document.getElementById("dialog");
const log = (text) => document.querySelector("ol").append(Object.assign(document.createElement("li"), { textContent: text }));
const onAuthorizationAllowed = query.get("allowed") === "redirect" ? null : ({ code }) => {
  document.querySelector("output").textContent = code;
  log("onAuthorizationAllowed");
};
const onAuthorizationDenied = query.get("denied") === "redirect" ? null : () => log("onAuthorizationDenied");
const onError = (error) => log("onError " + JSON.stringify(error));
let iframe = null;

function close() {
  dialog.hidden = true;
  dialog.replaceChildren();
  iframe = null;
}

document.getElementById("open").addEventListener("click", () => {
  const params = new URLSearchParams({
    client_id: query.get("client_id") || "",
    redirect_uri: redirectUri,
    scope: query.get("scope") || "PROFILE_READ",
    state,
    theme: "light",
    onboardingEmbed: "true",
    code_challenge: query.get("code_challenge") || "",
    code_challenge_method: "S256",
  });
  iframe = document.createElement("iframe");
  iframe.title = "Convene onboarding";
  iframe.style.border = "0";
  iframe.src = host.replace(/\\/$/, "") + "/api/onboarding-embed/verify?" + params;
  dialog.replaceChildren(iframe);
  dialog.hidden = false;
});

window.addEventListener("message", (event) => {
  if (event.origin !== hostOrigin || !iframe || event.source !== iframe.contentWindow) return;
  switch (event.data.type) {
    case "onboarding:resize":
      iframe.style.width = event.data.width + "px";
      iframe.style.height = event.data.height + "px";
      return;
    case "authorization:allowed":
      if (event.data.state !== state) {
        close();
        return onError({ code: "STATE_MISMATCH", message: "State parameter mismatch" });
      }
      if (onAuthorizationAllowed) {
        close();
        return onAuthorizationAllowed({ code: event.data.code });
      }
      return location.assign(redirectUri + "?code=" + encodeURIComponent(event.data.code) + "&state=" + encodeURIComponent(event.data.state));
    case "authorization:denied":
      if (onAuthorizationDenied) {
        close();
        return onAuthorizationDenied();
      }
      return location.assign(redirectUri + "?error=" + encodeURIComponent(event.data.error) + "&state=" + encodeURIComponent(event.data.state));
    case "onboarding:error":
      close();
      return onError({ code: event.data.code, message: event.data.message });
    case "onboarding:close":
      close();
      return log("onClose");
  }
});
</script>`;
