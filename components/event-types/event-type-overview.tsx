/**
 * The user's event types with their public links (read-only for now: creating and editing them in the site is the
 * second half of issue 22, to be built on the shell and the form kit; until then the API does it).
 */
import { TextLink } from "../ui/text-link";

type Props = { username: string; eventTypes: { id: number; title: string; slug: string; lengthInMinutes: number; hidden: boolean }[] };

export function EventTypeOverview({ username, eventTypes }: Props) {
  return (
    <>
      <h1 className="text-2xl font-semibold">Event types</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-600">The kinds of meetings people can book with you, each on its own page.</p>
      {eventTypes.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">
          You have no event types yet. Create them with the <TextLink href="/docs/api">API</TextLink> (POST /v2/event-types).
        </p>
      ) : (
        <ul aria-label="Event types" className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {eventTypes.map((eventType) => (
            <li key={eventType.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div>
                <p className="font-medium text-slate-900">{eventType.title}</p>
                <p className="text-sm text-slate-600">
                  {eventType.lengthInMinutes} minutes{eventType.hidden ? " · hidden" : ""}
                </p>
              </div>
              {!eventType.hidden && <TextLink href={`/${username}/${eventType.slug}`}>Public page</TextLink>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
