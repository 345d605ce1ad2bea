/**
 * A real CalDAV server for tests: Debian's Radicale on a free loopback port, with its own storage and
 * htpasswd users in a temporary directory, stopped (and the directory removed) by `stop()`. Helpers
 * create calendars, seed events and read back what Convene wrote.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** `description` as written: the XML's entities decoded, then RFC 5545's escapes (§3.3.11: `\n`, `\,`, `\;`, `\\`). */
export type CalDavEvent = { href: string; uid: string; summary: string; description: string; start: string; end: string };

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };
const unescapeText = (text: string) =>
  text
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => XML_ENTITIES[name]!)
    .replace(/\\([nN,;\\])/g, (_, char: string) => (char === "n" || char === "N" ? "\n" : char));

export type Radicale = {
  url: string;
  /** MKCALENDAR `/user/name/`; returns the collection URL. */
  makeCalendar(user: string, name: string, displayName?: string): Promise<string>;
  putEvent(calendarUrl: string, user: string, event: { uid: string; start: Date; end: Date; summary?: string }): Promise<void>;
  events(calendarUrl: string, user: string): Promise<CalDavEvent[]>;
  stop(): Promise<void>;
};

export const RADICALE_BIN = "/usr/bin/radicale";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Starts Radicale with `users` (name → password); resolves once it answers. */
export async function startRadicale(users: Record<string, string>): Promise<Radicale> {
  const dir = mkdtempSync(path.join(tmpdir(), "convene-radicale-"));
  writeFileSync(
    path.join(dir, "users"),
    Object.entries(users)
      .map(([name, password]) => `${name}:${password}`)
      .join("\n") + "\n",
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    RADICALE_BIN,
    [
      "--server-hosts",
      `127.0.0.1:${port}`,
      "--storage-filesystem-folder",
      path.join(dir, "collections"),
      "--auth-type",
      "htpasswd",
      "--auth-htpasswd-filename",
      path.join(dir, "users"),
      "--auth-htpasswd-encryption",
      "plain",
      "--rights-type",
      "owner_only",
      "--logging-level",
      "warning",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited (${child.exitCode}): ${stderr}`);
    if (
      await fetch(`${url}/.web/`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`radicale did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const auth = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${users[user]}`).toString("base64")}` });

  return {
    url,
    async makeCalendar(user, name, displayName = name) {
      const collection = `${url}/${user}/${name}/`;
      const body = `<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop><d:displayname>${displayName}</d:displayname><c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>`;
      const response = await fetch(collection, { method: "MKCALENDAR", headers: { ...auth(user), "content-type": "application/xml" }, body });
      if (response.status !== 201) throw new Error(`MKCALENDAR ${collection}: ${response.status}`);
      return collection;
    },
    async putEvent(calendarUrl, user, event) {
      const ics = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Convene tests//EN",
        "BEGIN:VEVENT",
        `UID:${event.uid}`,
        `DTSTAMP:${stamp(new Date())}`,
        `DTSTART:${stamp(event.start)}`,
        `DTEND:${stamp(event.end)}`,
        `SUMMARY:${event.summary ?? "Busy"}`,
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n");
      const response = await fetch(`${calendarUrl}${event.uid}.ics`, { method: "PUT", headers: { ...auth(user), "content-type": "text/calendar" }, body: ics });
      if (response.status !== 201 && response.status !== 204) throw new Error(`PUT event: ${response.status}`);
    },
    async events(calendarUrl, user) {
      const body = `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>`;
      const response = await fetch(calendarUrl, { method: "REPORT", headers: { ...auth(user), depth: "1", "content-type": "application/xml" }, body });
      const text = await response.text();
      return [...text.matchAll(/<(?:\w+:)?href>([^<]+)<\/(?:\w+:)?href>[\s\S]*?<(?:\w+:)?calendar-data>([\s\S]*?)<\/(?:\w+:)?calendar-data>/g)].map(
        ([, href, data]) => {
          const field = (name: string) =>
            data!
              .replace(/&#13;|&#x0?[dD];/g, "")
              .replace(/\r?\n[ \t]/g, "")
              .match(new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m"))?.[1]
              ?.trim() ?? "";
          return {
            href: href!,
            uid: field("UID"),
            summary: field("SUMMARY"),
            description: unescapeText(field("DESCRIPTION")),
            start: field("DTSTART"),
            end: field("DTEND"),
          };
        },
      );
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
