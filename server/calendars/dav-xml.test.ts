/** The WebDAV multistatus reader, on answers shaped like Radicale's and iCloud's. */
import { describe, expect, it } from "vitest";
import { CALDAV, DAV, findAll, parseMultistatus, parseXml } from "./dav-xml";

describe("parseMultistatus", () => {
  it("resolves default and prefixed namespaces and keeps only 2xx propstats", () => {
    const responses = parseMultistatus(
      `<?xml version='1.0' encoding='utf-8'?>
<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/alice/work/</href>
<propstat><prop><resourcetype><C:calendar /><collection /></resourcetype><displayname>Work &amp; more</displayname></prop><status>HTTP/1.1 200 OK</status></propstat>
<propstat><prop><C:calendar-color /></prop><status>HTTP/1.1 404 Not Found</status></propstat></response></multistatus>`,
    );
    expect(responses).toHaveLength(1);
    expect(responses[0]!.href).toBe("/alice/work/");
    expect(responses[0]!.props.get(`${DAV}displayname`)!.text).toBe("Work & more");
    expect(findAll(responses[0]!.props.get(`${DAV}resourcetype`)!, `${CALDAV}calendar`)).toHaveLength(1);
    expect(responses[0]!.props.has(`${CALDAV}calendar-color`)).toBe(false);
  });

  it("reads calendar-data in CDATA with another prefix", () => {
    const [response] = parseMultistatus(
      `<d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav"><d:response><d:href>https://p01-caldav.icloud.com/1/calendars/home/x.ics</d:href><d:propstat><d:prop><cal:calendar-data><![CDATA[BEGIN:VCALENDAR\r\nEND:VCALENDAR]]></cal:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`,
    );
    expect(response!.props.get(`${CALDAV}calendar-data`)!.text).toBe("BEGIN:VCALENDAR\r\nEND:VCALENDAR");
  });

  it("refuses what is not a multistatus, and malformed XML", () => {
    expect(() => parseMultistatus("<html><body>Sign in</body></html>")).toThrow(/multistatus/);
    expect(() => parseXml("<a><b></a>")).toThrow();
    expect(() => parseXml("<a>")).toThrow();
  });

  it("does not expand entities beyond the predefined ones", () => {
    const root = parseXml(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;&lt;&#65;</x>`);
    expect(root.text).toBe("&e;<A");
  });
});
