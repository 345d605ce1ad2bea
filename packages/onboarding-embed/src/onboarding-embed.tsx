/**
 * OnboardingEmbed: a trigger that opens a dialog with Convene's onboarding in an iframe — sign-up or
 * log-in, profile, calendar, then OAuth consent — and hands the app the authorization code. The iframe
 * runs on Convene's own origin with its own (partitioned) session; the two sides talk only through
 * postMessage, bound to exact origins on both ends.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { LOAD_TIMEOUT_ERROR, watchFirstMessage } from "./load-timeout.js";
import { checkProps } from "./props.js";
import { parseEmbedMessage, redirectWith, type EmbedMessage } from "./protocol.js";
import { BACKDROP_CLASS, BACKDROP_CSS, stylesFor } from "./styles.js";
import type { OnboardingEmbedProps, OnboardingError } from "./types.js";

const INITIAL_HEIGHT = 560;
const MIN_HEIGHT = 240;
/** What the iframe needs: scripts and its own origin (session, forms), pop-ups for links to the app's site. */
const SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox";

const subscribeNever = () => () => {};
/** The hosting page's origin; null while server rendering and hydrating, so both render the same. */
const usePageOrigin = () =>
  useSyncExternalStore(
    subscribeNever,
    () => window.location.origin,
    () => null,
  );

export function OnboardingEmbed(props: OnboardingEmbedProps) {
  const pageOrigin = usePageOrigin();
  const check = checkProps(props, pageOrigin);
  const theme = props.theme === "dark" ? "dark" : "light";
  const styles = useMemo(() => stylesFor(theme), [theme]);
  const [isOpen, setIsOpen] = useState(false);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const iframeRef = useRef<HTMLIFrameElement>(null);
  // The latest props, for the message handler without re-subscribing on every render.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const invalid = check.ok ? null : check.error.message;
  useEffect(() => {
    if (invalid) latest.current.onError?.({ code: "INVALID_PROPS", message: invalid });
  }, [invalid]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (isOpen && dialog && !dialog.open) dialog.showModal();
    if (!isOpen && dialog?.open) dialog.close();
  }, [isOpen]);

  const finish = useCallback((after?: () => void) => {
    setIsOpen(false);
    after?.();
  }, []);

  const handle = useCallback(
    (message: EmbedMessage) => {
      const { authorization, onAuthorizationAllowed, onAuthorizationDenied, onError, onClose } = latest.current;
      const fail = (error: OnboardingError) => finish(() => onError?.(error));
      switch (message.type) {
        case "onboarding:resize":
          setHeight(Math.max(MIN_HEIGHT, Math.ceil(message.data.height)));
          return;
        case "authorization:allowed": {
          const { code, state } = message.data;
          if (state !== authorization.state) return fail({ code: "STATE_MISMATCH", message: "The returned state differs from the one supplied" });
          if (onAuthorizationAllowed) return finish(() => onAuthorizationAllowed({ code }));
          window.location.assign(redirectWith(authorization.redirectUri, { code, state }));
          return;
        }
        case "authorization:denied":
          if (onAuthorizationDenied) return finish(onAuthorizationDenied);
          window.location.assign(redirectWith(authorization.redirectUri, { error: "access_denied", state: authorization.state }));
          return;
        case "onboarding:error":
          return fail(message.data);
        case "onboarding:close":
          return finish(onClose);
      }
    },
    [finish],
  );

  const hostOrigin = check.ok ? check.hostOrigin : null;
  useEffect(() => {
    if (!isOpen || !hostOrigin) return;
    const loading = watchFirstMessage(() => finish(() => latest.current.onError?.(LOAD_TIMEOUT_ERROR)));
    function onMessage(event: MessageEvent) {
      // Exactly Convene's origin, and from this dialog's iframe: anything else could be forged by another frame.
      if (event.origin !== hostOrigin || event.source !== iframeRef.current?.contentWindow) return;
      const message = parseEmbedMessage(event.data);
      if (!message) return;
      loading.heard();
      handle(message);
    }
    window.addEventListener("message", onMessage);
    return () => {
      loading.stop();
      window.removeEventListener("message", onMessage);
    };
  }, [isOpen, hostOrigin, handle, finish]);

  if (!check.ok) return null;

  const open = () => {
    setHeight(INITIAL_HEIGHT);
    setIsOpen(true);
  };
  const trigger: ReactNode = props.trigger ? (
    <span style={{ display: "contents" }} onClick={open}>
      {props.trigger}
    </span>
  ) : (
    <button type="button" style={styles.trigger} onClick={open}>
      Continue with Convene
    </button>
  );

  return (
    <>
      {trigger}
      <style>{BACKDROP_CSS}</style>
      <dialog
        ref={dialogRef}
        className={BACKDROP_CLASS}
        aria-label="Continue with Convene"
        style={styles.dialog}
        // Escape: the browser closes the dialog; that is a dismissal like the close button.
        onCancel={(event) => {
          event.preventDefault();
          finish(latest.current.onClose);
        }}
      >
        <div style={styles.header}>
          <button type="button" aria-label="Close" style={styles.close} onClick={() => finish(latest.current.onClose)}>
            ×
          </button>
        </div>
        {isOpen && (
          <iframe
            ref={iframeRef}
            title="Convene onboarding"
            src={check.verifyUrl}
            sandbox={SANDBOX}
            style={{ ...styles.frame, height: `min(${height}px, calc(100vh - 96px))` }}
          />
        )}
      </dialog>
    </>
  );
}
