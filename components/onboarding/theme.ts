/**
 * Light and dark class sets for the onboarding steps and the consent page (the OnboardingEmbed `theme`
 * prop). Written out in full so Tailwind finds every class; the shared ui/ primitives are light-only.
 */
import type { Theme } from "@/server/onboarding/onboarding-query";

export type { Theme };

const FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2";

export const THEME_CLASSES = {
  light: {
    page: "bg-slate-50 text-slate-900 [color-scheme:light]",
    /** Inside the embed's dialog: the dialog's own surface, so frame and dialog read as one. */
    embedPage: "bg-white text-slate-900 [color-scheme:light]",
    card: "border-slate-200 bg-white",
    muted: "text-slate-600",
    label: "text-slate-800",
    input: "border-slate-300 bg-white text-slate-900 focus:border-indigo-600 focus:outline-indigo-600",
    link: `text-indigo-700 ${FOCUS} focus-visible:outline-indigo-600`,
    primary: `bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-300 ${FOCUS} focus-visible:outline-indigo-600`,
    secondary: `border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400 ${FOCUS} focus-visible:outline-indigo-600`,
    error: "border-red-200 bg-red-50 text-red-800",
    info: "border-indigo-200 bg-indigo-50 text-indigo-900",
    fieldError: "text-red-700",
    stepDone: "bg-indigo-600 text-white",
    stepTodo: "border border-slate-300 text-slate-500",
  },
  dark: {
    page: "bg-slate-950 text-slate-100 [color-scheme:dark]",
    embedPage: "bg-slate-900 text-slate-100 [color-scheme:dark]",
    card: "border-slate-700 bg-slate-900",
    muted: "text-slate-400",
    label: "text-slate-200",
    input: "border-slate-600 bg-slate-800 text-slate-100 focus:border-indigo-400 focus:outline-indigo-400",
    link: `text-indigo-300 ${FOCUS} focus-visible:outline-indigo-400`,
    primary: `bg-indigo-500 text-white hover:bg-indigo-400 disabled:bg-indigo-900 disabled:text-slate-400 ${FOCUS} focus-visible:outline-indigo-400`,
    secondary: `border border-slate-600 bg-slate-800 text-slate-100 hover:bg-slate-700 disabled:text-slate-500 ${FOCUS} focus-visible:outline-indigo-400`,
    error: "border-red-800 bg-red-950 text-red-200",
    info: "border-indigo-800 bg-indigo-950 text-indigo-100",
    fieldError: "text-red-300",
    stepDone: "bg-indigo-500 text-white",
    stepTodo: "border border-slate-600 text-slate-400",
  },
} as const satisfies Record<Theme, Record<string, string>>;

export type ThemeClasses = (typeof THEME_CLASSES)[Theme];

export const themeClasses = (theme: Theme): ThemeClasses => THEME_CLASSES[theme];
