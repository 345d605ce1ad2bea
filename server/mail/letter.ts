/**
 * A mail written once as a few blocks and rendered twice: a plain-text part that reads well on its own and an HTML
 * part with the same words (inline styles only, as mail clients drop style sheets). Every value is escaped.
 */
export type LetterLink = { label: string; href: string };
export type LetterBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "facts"; rows: { label: string; value: string; href?: string }[] }
  | { kind: "links"; title: string; links: LetterLink[] };

export type Letter = { heading: string; blocks: LetterBlock[]; footer?: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

const multiline = (text: string) => escapeHtml(text).replace(/\n/g, "<br>");

function blockText(block: LetterBlock): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "facts":
      return block.rows.map(({ label, value, href }) => `${label}: ${value}${href && href !== value ? ` (${href})` : ""}`).join("\n");
    case "links":
      return [`${block.title}:`, ...block.links.map(({ label, href }) => `- ${label}: ${href}`)].join("\n");
  }
}

const LINK_STYLE = "color:#1d4ed8;text-decoration:underline";

function blockHtml(block: LetterBlock): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="margin:0 0 16px">${multiline(block.text)}</p>`;
    case "facts":
      return (
        `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">` +
        block.rows
          .map(
            ({ label, value, href }) =>
              `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;color:#475569;font-weight:600">${escapeHtml(label)}</th>` +
              `<td style="padding:4px 0">${href ? `<a href="${escapeHtml(href)}" style="${LINK_STYLE}">${multiline(value)}</a>` : multiline(value)}</td></tr>`,
          )
          .join("") +
        `</table>`
      );
    case "links":
      return (
        `<p style="margin:0 0 4px;font-weight:600">${escapeHtml(block.title)}</p><p style="margin:0 0 16px">` +
        block.links.map(({ label, href }) => `<a href="${escapeHtml(href)}" style="${LINK_STYLE}">${escapeHtml(label)}</a>`).join(" &middot; ") +
        `</p>`
      );
  }
}

export function renderLetter(letter: Letter): { text: string; html: string } {
  const text = [letter.heading, ...letter.blocks.map(blockText), letter.footer].filter(Boolean).join("\n\n") + "\n";
  const html =
    `<!doctype html><html><body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">` +
    `<div style="max-width:560px;margin:0 auto"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(letter.heading)}</h1>` +
    letter.blocks.map(blockHtml).join("") +
    (letter.footer ? `<p style="margin:24px 0 0;color:#64748b;font-size:13px">${multiline(letter.footer)}</p>` : "") +
    `</div></body></html>`;
  return { text, html };
}

/** Formats by locale and zone: building one costs more than the rest of a letter (a burst of bookings' mails showed it). */
const rangeFormats = new Map<string, Intl.DateTimeFormat>();
/** Locales come from attendees: the cache starts over rather than grow without bound. */
const MAX_RANGE_FORMATS = 500;

function rangeFormatOf(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = rangeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone });
    if (rangeFormats.size >= MAX_RANGE_FORMATS) rangeFormats.clear();
    rangeFormats.set(key, format);
  }
  return format;
}

/** "Wednesday, December 2, 2026, 10:00 – 10:30 AM (Europe/Berlin)": a booking's time as one recipient reads it. */
export function zonedRange(startIso: string, endIso: string, timeZone: string, locale = "en-US"): string {
  let format: Intl.DateTimeFormat;
  try {
    format = rangeFormatOf(locale, timeZone);
  } catch {
    // An attendee's language Intl does not know, or a zone it does not: still the right instant, in UTC if need be.
    return zonedRange(startIso, endIso, safeZone(timeZone), "en-US");
  }
  return `${format.formatRange(new Date(startIso), new Date(endIso))} (${timeZone.replaceAll("_", " ")})`;
}

function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}
