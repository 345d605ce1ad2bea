"use client";
/**
 * Inside the OnboardingEmbed iframe: posts the flow's messages to the embedding page — only ever to the
 * verified origin the server hands down, never "*" — and reports the content's size so the dialog fits it.
 * On the site (no origin) posting does nothing.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import { embedMessage, type EmbedMessages, type EmbedMessageType } from "@/server/onboarding/embed-messages";

type Embed = { isEmbedded: boolean; post: <T extends EmbedMessageType>(type: T, data: EmbedMessages[T]) => void };

const EmbedContext = createContext<Embed>({ isEmbedded: false, post: () => {} });

export const useEmbed = () => useContext(EmbedContext);

export function EmbedBridge({ targetOrigin, className, children }: { targetOrigin: string | null; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const post = useCallback<Embed["post"]>(
    (type, data) => {
      if (targetOrigin && window.parent !== window) window.parent.postMessage(embedMessage(type, data), targetOrigin);
    },
    [targetOrigin],
  );
  const embed = useMemo(() => ({ isEmbedded: targetOrigin !== null, post }), [targetOrigin, post]);

  useEffect(() => {
    const element = ref.current;
    if (!targetOrigin || !element) return;
    const report = () => post("onboarding:resize", { width: Math.ceil(element.scrollWidth), height: Math.ceil(element.scrollHeight) });
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [targetOrigin, post]);

  return (
    <EmbedContext.Provider value={embed}>
      <div ref={ref} className={className}>
        {children}
      </div>
    </EmbedContext.Provider>
  );
}

/** Posts once on mount: for pages whose whole answer is a message (an error, a decision). */
export function PostOnMount<T extends EmbedMessageType>({ type, data }: { type: T; data: EmbedMessages[T] }) {
  const { post } = useEmbed();
  const payload = JSON.stringify(data);
  useEffect(() => post(type, JSON.parse(payload) as EmbedMessages[T]), [post, type, payload]);
  return null;
}

/** The embed's own way out: the dialog closes and the app hears onClose. */
export function CloseEmbedButton({ className }: { className: string }) {
  const { isEmbedded, post } = useEmbed();
  if (!isEmbedded) return null;
  return (
    <button type="button" className={className} onClick={() => post("onboarding:close", {})}>
      Cancel
    </button>
  );
}
