/**
 * A workflow message's {VARIABLES}, filled from the booking for one recipient: times in the recipient's own zone,
 * manage links for an attendee (their own, from the booking's nonce) and the booking's page for a host. The names
 * are the peer's ({EVENT_NAME}, {ORGANIZER}, {ATTENDEE}, {EVENT_DATE}, {EVENT_TIME}, {LOCATION}, {MEETING_URL},
 * {CANCEL_URL}, {RESCHEDULE_URL}, …), and {EVENT_DATE_<format>} takes a dayjs-style format ("ddd, MMM D, YYYY h:mma").
 * A value is HTML-escaped in an HTML body; an unknown name is left as written, so a typo shows in the preview.
 */
export type TemplateBooking = {
  title: string;
  description: string;
  start: string;
  end: string;
  location: string;
  meetingUrl?: string;
  hosts: { name: string; email: string; timeZone: string }[];
  attendees: { name: string; email: string; timeZone: string; phoneNumber?: string }[];
  bookingFieldsResponses: Record<string, unknown>;
};

export type TemplateRecipient = {
  name: string;
  timeZone: string;
  locale?: string;
  /** The attendee's own manage links; a host gets the booking's page instead. */
  links: { view: string; cancel?: string; reschedule?: string };
  /** For an attendee: their own row, so {ATTENDEE} is them; otherwise the first attendee. */
  attendee?: { name: string; email: string; timeZone: string };
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

type Parts = Record<"weekday" | "weekdayShort" | "month" | "monthShort" | "monthNumber" | "day" | "year" | "hour24" | "minute" | "zoneName", string>;

function partsOf(iso: string, timeZone: string, locale: string): Parts {
  const date = new Date(iso);
  const part = (options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes) =>
    new Intl.DateTimeFormat(locale, { timeZone, ...options }).formatToParts(date).find((item) => item.type === type)?.value ?? "";
  const numeric = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const num = (type: Intl.DateTimeFormatPartTypes) => numeric.find((item) => item.type === type)!.value;
  return {
    weekday: part({ weekday: "long" }, "weekday"),
    weekdayShort: part({ weekday: "short" }, "weekday"),
    month: part({ month: "long" }, "month"),
    monthShort: part({ month: "short" }, "month"),
    monthNumber: num("month"),
    day: num("day"),
    year: num("year"),
    hour24: num("hour"),
    minute: num("minute"),
    zoneName: part({ timeZoneName: "short" }, "timeZoneName"),
  };
}

/** dayjs-style tokens, longest first so "MMMM" is not read as "MM" twice. Text in [brackets] is kept as is. */
const TOKENS: [string, (parts: Parts) => string][] = [
  ["YYYY", (p) => p.year],
  ["MMMM", (p) => p.month],
  ["MMM", (p) => p.monthShort],
  ["MM", (p) => p.monthNumber],
  ["M", (p) => String(Number(p.monthNumber))],
  ["dddd", (p) => p.weekday],
  ["ddd", (p) => p.weekdayShort],
  ["DD", (p) => p.day],
  ["D", (p) => String(Number(p.day))],
  ["HH", (p) => p.hour24],
  ["H", (p) => String(Number(p.hour24))],
  ["hh", (p) => String(Number(p.hour24) % 12 || 12).padStart(2, "0")],
  ["h", (p) => String(Number(p.hour24) % 12 || 12)],
  ["mm", (p) => p.minute],
  ["A", (p) => (Number(p.hour24) < 12 ? "AM" : "PM")],
  ["a", (p) => (Number(p.hour24) < 12 ? "am" : "pm")],
  ["z", (p) => p.zoneName],
];
const TOKEN_PATTERN = new RegExp(`\\[[^\\]]*\\]|${TOKENS.map(([token]) => token).join("|")}`, "g");

export function formatInZone(iso: string, format: string, timeZone: string, locale = "en-US"): string {
  const parts = partsOf(iso, timeZone, locale);
  return format.replace(TOKEN_PATTERN, (match) => (match.startsWith("[") ? match.slice(1, -1) : TOKENS.find(([token]) => token === match)![1](parts)));
}

/** The values of every fixed variable for this booking and recipient. */
export function variablesFor(booking: TemplateBooking, recipient: TemplateRecipient): Record<string, string> {
  const zone = recipient.timeZone;
  const locale = recipient.locale ?? "en-US";
  const attendee = recipient.attendee ?? booking.attendees[0];
  const organizer = booking.hosts[0];
  const notes = booking.bookingFieldsResponses.notes;
  return {
    EVENT_NAME: booking.title,
    EVENT_TITLE: booking.title,
    ORGANIZER: organizer?.name ?? "",
    ORGANIZER_NAME: organizer?.name ?? "",
    ORGANIZER_EMAIL: organizer?.email ?? "",
    ATTENDEE: attendee?.name ?? "",
    ATTENDEE_NAME: attendee?.name ?? "",
    ATTENDEE_FIRST_NAME: (attendee?.name ?? "").split(/\s+/)[0] ?? "",
    ATTENDEE_EMAIL: attendee?.email ?? "",
    ATTENDEE_TIMEZONE: attendee?.timeZone ?? "",
    NAME: recipient.name,
    EVENT_DATE: formatInZone(booking.start, "dddd, MMMM D, YYYY", zone, locale),
    EVENT_TIME: formatInZone(booking.start, "HH:mm", zone, locale),
    START_TIME: formatInZone(booking.start, "HH:mm", zone, locale),
    EVENT_END_TIME: formatInZone(booking.end, "HH:mm", zone, locale),
    TIMEZONE: zone,
    LOCATION: booking.location,
    MEETING_URL: booking.meetingUrl ?? "",
    ADDITIONAL_NOTES: typeof notes === "string" ? notes : booking.description,
    BOOKING_URL: recipient.links.view,
    CANCEL_URL: recipient.links.cancel ?? recipient.links.view,
    RESCHEDULE_URL: recipient.links.reschedule ?? recipient.links.view,
  };
}

/** The template with its variables filled; `html`: values escaped for an HTML body. */
export function fillTemplate(template: string, booking: TemplateBooking, recipient: TemplateRecipient, { html }: { html: boolean }): string {
  const values = variablesFor(booking, recipient);
  const escape = (value: string) => (html ? escapeHtml(value) : value);
  return template.replace(/\{([^{}]{1,100})\}/g, (match: string, name: string) => {
    if (Object.hasOwn(values, name)) return escape(values[name]!);
    const dated = /^(EVENT_DATE|EVENT_END_DATE)_(.+)$/.exec(name);
    if (dated) return escape(formatInZone(dated[1] === "EVENT_DATE" ? booking.start : booking.end, dated[2]!, recipient.timeZone, recipient.locale));
    const answer = booking.bookingFieldsResponses[name.toLowerCase()];
    if (typeof answer === "string" || typeof answer === "number") return escape(String(answer));
    return match;
  });
}

/** An HTML body's readable text, for the mail's plain-text part. */
export const htmlToText = (html: string): string =>
  html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|li)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
