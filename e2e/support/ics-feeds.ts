/** Shared by the calendar specs: a Wednesday clear of booking rules, free slot times, and ICS feed text. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

/** A Wednesday two to three weeks ahead (UTC): clear of notice and booking-window rules. */
export const WED = (() => {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 14 + ((3 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
})();
export const THU = new Date(Date.parse(`${WED}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
export const at = (day: string, time: string) => new Date(`${day}T${time}:00Z`);
export const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Free slot start times ("HH:MM", UTC) of the event type on `day`. */
export async function freeTimes(request: APIRequestContext, eventTypeId: number, day: string): Promise<string[]> {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
  const response = await request.get(`/v2/slots/available?eventTypeId=${eventTypeId}&startTime=${day}T00:00:00Z&endTime=${encodeURIComponent(next)}`);
  expect(response.status()).toBe(200);
  const slots = (await response.json()).data.slots[day] ?? [];
  return slots.map((slot: { time: string }) => slot.time.slice(11, 16));
}

/** An iCalendar feed with these busy events; `name` becomes its X-WR-CALNAME. */
export function icsFeed(...events: { uid: string; start: Date; end: Date }[]): string {
  return namedIcsFeed(null, ...events);
}

export function namedIcsFeed(name: string | null, ...events: { uid: string; start: Date; end: Date }[]): string {
  const body = events.flatMap((event) => [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(event.end)}`,
    "SUMMARY:Busy",
    "END:VEVENT",
  ]);
  const header = name === null ? [] : [`X-WR-CALNAME:${name}`];
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Convene tests//EN", ...header, ...body, "END:VCALENDAR", ""].join("\r\n");
}

export type FeedServer = { base: string; feeds: Map<string, string>; stop: () => Promise<void> };

/** Serves `feeds` (path → iCalendar text) on loopback; other paths are 404s. */
export async function serveFeeds(): Promise<FeedServer> {
  const feeds = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const feed = feeds.get(new URL(request.url ?? "/", "http://feeds").pathname);
    response.writeHead(feed ? 200 : 404, { "content-type": "text/calendar" });
    response.end(feed ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    feeds,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
