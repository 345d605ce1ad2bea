import type { TPageLocation } from "./types";

/** How a place reads in lists: its kind, then the place itself when the event type shows it before booking. */
export const locationText = (location: TPageLocation) => (location.detail ? `${location.kind}: ${location.detail}` : location.kind);
