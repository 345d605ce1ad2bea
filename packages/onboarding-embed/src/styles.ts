/** Inline styles (the host page's CSS is unknown), per theme. */
import type { CSSProperties } from "react";
import type { OnboardingTheme } from "./types.js";

const PALETTE = {
  light: { surface: "#ffffff", text: "#0f172a", muted: "#475569", border: "#e2e8f0", accent: "#4f46e5", accentText: "#ffffff" },
  dark: { surface: "#0f172a", text: "#f1f5f9", muted: "#94a3b8", border: "#334155", accent: "#6366f1", accentText: "#ffffff" },
} as const;

export const BACKDROP_CLASS = "convene-onboarding-embed";
export const BACKDROP_CSS = `.${BACKDROP_CLASS}::backdrop{background:rgba(15,23,42,.55)}`;

const DIALOG_TOP = "min(8vh, 64px)";

export function stylesFor(theme: OnboardingTheme) {
  const colors = PALETTE[theme];
  const trigger: CSSProperties = {
    display: "inline-flex",
    alignItems: "center",
    gap: 8,
    padding: "10px 18px",
    border: theme === "dark" ? `1px solid ${colors.border}` : "none",
    borderRadius: 8,
    background: colors.accent,
    color: colors.accentText,
    font: "600 14px/1.2 system-ui, sans-serif",
    cursor: "pointer",
  };
  // Anchored near the top rather than centred (a modal <dialog>'s default): the iframe grows and shrinks
  // with each step, and a centred dialog would move its buttons under the user's pointer as it does.
  const dialog: CSSProperties = {
    width: "min(480px, calc(100vw - 32px))",
    margin: `${DIALOG_TOP} auto auto`,
    maxHeight: `calc(100vh - ${DIALOG_TOP} - 16px)`,
    padding: 0,
    border: `1px solid ${colors.border}`,
    borderRadius: 12,
    background: colors.surface,
    color: colors.text,
    overflow: "hidden",
    colorScheme: theme,
  };
  const header: CSSProperties = { display: "flex", justifyContent: "flex-end", padding: "6px 8px 0" };
  const close: CSSProperties = {
    width: 32,
    height: 32,
    border: "none",
    borderRadius: 6,
    background: "transparent",
    color: colors.muted,
    font: "20px/1 system-ui, sans-serif",
    cursor: "pointer",
  };
  const frame: CSSProperties = { display: "block", width: "100%", border: "none", background: colors.surface };
  return { trigger, dialog, header, close, frame };
}
