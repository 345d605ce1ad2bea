/**
 * The calendar apps Convene connects to: their credential `type` (also the `integration` of selected and
 * destination calendars), app id, the `{calendar}` path segment of the v2 routes, and what the listing
 * shows about them (the peer API's Integration shape).
 */
export const CALENDAR_APPS = {
  "ics-feed_calendar": {
    appId: "ics-feed",
    path: "ics-feed",
    title: "ICS Feed",
    description: "Subscribe to any calendar published as an ICS (iCalendar) feed; read-only",
    writable: false,
  },
  apple_calendar: {
    appId: "apple-calendar",
    path: "apple",
    title: "Apple Calendar",
    description: "iCloud or any CalDAV server, with an app-specific password",
    writable: true,
  },
  google_calendar: {
    appId: "google-calendar",
    path: "google",
    title: "Google Calendar",
    description: "Google Calendar through Google's OAuth consent",
    writable: true,
  },
  office365_calendar: {
    appId: "office365-calendar",
    path: "office365",
    title: "Outlook Calendar",
    description: "Microsoft 365 and Outlook.com calendars through Microsoft's OAuth consent",
    writable: true,
  },
} as const;

export type CalendarType = keyof typeof CALENDAR_APPS;
export const CALENDAR_TYPES = Object.keys(CALENDAR_APPS) as CalendarType[];
export const isCalendarType = (value: string): value is CalendarType => value in CALENDAR_APPS;

export type CalendarPath = (typeof CALENDAR_APPS)[CalendarType]["path"];
export const typeOfPath = (path: CalendarPath): CalendarType => CALENDAR_TYPES.find((type) => CALENDAR_APPS[type].path === path)!;

/** The peer API's `Integration` object for an app. */
export function integrationOf(type: CalendarType, appUrl: string) {
  const app = CALENDAR_APPS[type];
  return {
    name: app.title,
    title: app.title,
    description: app.description,
    type,
    slug: app.appId,
    dirName: app.appId,
    variant: "calendar",
    category: "calendar",
    categories: ["calendar"],
    logo: `${appUrl}/apps/${app.appId}.svg`,
    publisher: "Convene",
    url: `${appUrl}/apps/${app.appId}`,
    email: "",
    installed: true,
    appData: null,
    locationOption: null,
  };
}
