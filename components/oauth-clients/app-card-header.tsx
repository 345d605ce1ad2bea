import type { ReactNode } from "react";
import { ClientLogo } from "./client-logo";

type Props = {
  app: { name: string; logoUrl: string | null };
  /** The id the card's `aria-labelledby` points at. */
  headingId: string;
  /** h2 where the cards are the page's sections, h3 under a section heading. */
  headingLevel: 2 | 3;
  subtitle: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
};

/** Logo, name and a line about an OAuth app, with its actions: the top of every app card. */
export function AppCardHeader({ app: { name, logoUrl }, headingId, headingLevel, subtitle, actions }: Props) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="flex items-center gap-3">
        <ClientLogo name={name} logoUrl={logoUrl} />
        <div>
          <Heading id={headingId} className="text-lg font-semibold">
            {name}
          </Heading>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">{subtitle}</p>
        </div>
      </div>
      {actions}
    </header>
  );
}
