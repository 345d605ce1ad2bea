/** A team's event types on its settings page: each with its public link and, for those who may, the editor. */
import { TextLink } from "../ui/text-link";
import { CopyLinkButton } from "../home/copy-link-button";

type Props = { eventTypes: { id: number; title: string; slug: string; lengthInMinutes: number; hidden: boolean }[]; publicBase: string; canEdit: boolean };

export function TeamEventTypes({ eventTypes, publicBase, canEdit }: Props) {
  if (eventTypes.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No team event types yet.
        {canEdit && (
          <>
            {" "}
            Create one on <TextLink href="/event-types">Event types</TextLink>.
          </>
        )}
      </p>
    );
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {eventTypes.map((eventType) => {
        const url = `${publicBase}${eventType.slug}`;
        return (
          <li key={eventType.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              {canEdit ? (
                <TextLink href={`/event-types/${eventType.id}`} className="break-words">
                  {eventType.title}
                </TextLink>
              ) : (
                <p className="font-medium break-words">{eventType.title}</p>
              )}
              <p className="text-sm text-slate-600">
                {eventType.lengthInMinutes} min{eventType.hidden ? " · Hidden" : ""}
              </p>
              <a href={url} className="block truncate text-xs text-indigo-700 underline" title={url}>
                {url}
              </a>
            </div>
            <CopyLinkButton url={url} label={`Copy link to ${eventType.title}`} />
          </li>
        );
      })}
    </ul>
  );
}
