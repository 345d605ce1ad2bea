/**
 * The frame of every onboarding step and of the consent page: themed, full-page on the site, compact
 * inside the embed (whose iframe is sized to this content). EmbedBridge carries the messages.
 */
import type { ReactNode } from "react";
import { CloseEmbedButton, EmbedBridge } from "./embed-bridge";
import { themeClasses, type Theme } from "./theme";

export const STEP_LABELS = { ACCOUNT: "Account", PROFILE: "Profile", CALENDARS: "Calendar", CONSENT: "Connect app" } as const;
export type StepKey = keyof typeof STEP_LABELS;

type Props = {
  theme: Theme;
  /** The verified embedding origin; null on the site. */
  targetOrigin: string | null;
  title: string;
  /** The steps of this flow and the current one; omitted on pages outside the step sequence. */
  steps?: { all: StepKey[]; current: StepKey };
  children: ReactNode;
  footer?: ReactNode;
};

function StepList({ theme, all, current }: { theme: Theme; all: StepKey[]; current: StepKey }) {
  const classes = themeClasses(theme);
  const currentIndex = all.indexOf(current);
  return (
    <ol aria-label="Onboarding steps" className="mb-6 flex flex-wrap gap-3 text-xs">
      {all.map((step, index) => (
        <li key={step} aria-current={step === current ? "step" : undefined} className="flex items-center gap-1.5">
          <span
            className={`inline-flex h-5 w-5 items-center justify-center rounded-full text-[10px] font-semibold ${index <= currentIndex ? classes.stepDone : classes.stepTodo}`}
          >
            {index + 1}
          </span>
          <span className={step === current ? "font-semibold" : classes.muted}>{STEP_LABELS[step]}</span>
        </li>
      ))}
    </ol>
  );
}

export function OnboardingShell({ theme, targetOrigin, title, steps, children, footer }: Props) {
  const classes = themeClasses(theme);
  const isEmbedded = targetOrigin !== null;
  // The flow's theme is the `theme` it was opened with (the embedding site's choice), not the site's (data-theme-fixed).
  return (
    <div data-theme-fixed className="contents">
      <EmbedBridge targetOrigin={targetOrigin} className={isEmbedded ? classes.embedPage : `${classes.page} min-h-screen`}>
        <main className={isEmbedded ? "px-6 py-6" : "mx-auto max-w-md px-6 py-16"}>
          <div className={isEmbedded ? "" : `rounded-lg border p-8 shadow-sm ${classes.card}`}>
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0 flex-1">{steps && <StepList theme={theme} {...steps} />}</div>
              <CloseEmbedButton className={`text-sm underline-offset-2 hover:underline ${classes.muted}`} />
            </div>
            <h1 className="text-2xl font-semibold">{title}</h1>
            <div className="mt-6">{children}</div>
          </div>
          {footer && <p className={`mt-6 text-center text-sm ${classes.muted}`}>{footer}</p>}
        </main>
      </EmbedBridge>
    </div>
  );
}
