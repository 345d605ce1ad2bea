/**
 * The booking a workflow message is previewed and test-sent with: a sample meeting tomorrow at 10:00 in the reader's
 * zone, so the site's live preview (the browser) and the test mail (the server) show the same words.
 */
import { fillTemplate, htmlToText, type TemplateBooking } from "./workflow-template";

export function sampleBooking(timeZone: string, host: { name: string; email: string }, now = new Date()): TemplateBooking {
  const dayAhead = new Date(now.getTime() + 24 * 3_600_000);
  const local = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(dayAhead);
  // 10:00 local: the UTC instant whose wall-clock time in the zone is 10:00 on that day.
  const guess = new Date(`${local}T10:00:00Z`);
  const wall = new Date(new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "medium" }).format(guess).replace(" ", "T") + "Z");
  const start = new Date(guess.getTime() - (wall.getTime() - guess.getTime()));
  return {
    title: `30 min meeting between ${host.name} and Ada Lovelace`,
    description: "",
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    location: "https://meet.example/sample-room",
    meetingUrl: "https://meet.example/sample-room",
    hosts: [{ ...host, timeZone }],
    attendees: [{ name: "Ada Lovelace", email: "ada@example.com", timeZone }],
    bookingFieldsResponses: { notes: "Looking forward to it" },
  };
}

/** A message as its reader would get it for the sample booking: the subject and the body as text. */
export function previewMessage(message: { subject: string; body: string }, timeZone: string, host: { name: string; email: string }, appUrl: string) {
  const booking = sampleBooking(timeZone, host);
  const recipient = {
    name: "Ada Lovelace",
    timeZone,
    links: { view: `${appUrl}/booking/sample`, cancel: `${appUrl}/booking/sample?cancel=true`, reschedule: `${appUrl}/reschedule/sample` },
  };
  const isHtml = /<[a-z][\s\S]*>/i.test(message.body);
  const body = fillTemplate(message.body, booking, recipient, { html: isHtml });
  return { subject: fillTemplate(message.subject, booking, recipient, { html: false }), text: isHtml ? htmlToText(body) : body, html: isHtml ? body : null };
}
