import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The browser's IANA zone once React runs there, null in the server's HTML (the server cannot know
 * it). A zone the page does not offer falls back to UTC.
 */
export function useBrowserTimeZone(offered: readonly string[]): string | null {
  const zone = useSyncExternalStore(subscribeNever, browserZone, () => null);
  if (zone === null) return null;
  return offered.includes(zone) ? zone : "UTC";
}
