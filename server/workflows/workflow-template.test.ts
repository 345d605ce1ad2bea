import { describe, expect, it } from "vitest";
import { fillTemplate, formatInZone, htmlToText, type TemplateBooking } from "./workflow-template";

const booking: TemplateBooking = {
  title: "Intro call",
  description: "",
  start: "2030-03-04T15:00:00.000Z",
  end: "2030-03-04T15:30:00.000Z",
  location: "https://meet.example/abc",
  meetingUrl: "https://meet.example/abc",
  hosts: [{ name: "Host <One>", email: "host@example.test", timeZone: "UTC" }],
  attendees: [{ name: "Ada", email: "ada@example.test", timeZone: "Asia/Tokyo" }],
  bookingFieldsResponses: { notes: "Bring slides", company: "Acme" },
};
const attendee = { name: "Ada", timeZone: "Asia/Tokyo", links: { view: "https://c/b/1", cancel: "https://c/b/1?cancel", reschedule: "https://c/r/1" } };

describe("fillTemplate", () => {
  it("writes times in the recipient's zone and the peer's variable names", () => {
    const text = fillTemplate("{ATTENDEE}: {EVENT_NAME} on {EVENT_DATE} at {EVENT_TIME}-{EVENT_END_TIME} {TIMEZONE}, {LOCATION}", booking, attendee, {
      html: false,
    });
    expect(text).toBe("Ada: Intro call on Tuesday, March 5, 2030 at 00:00-00:30 Asia/Tokyo, https://meet.example/abc");
    const host = { name: "Host", timeZone: "America/New_York", links: { view: "https://c/b/1" } };
    expect(fillTemplate("{EVENT_TIME} {CANCEL_URL}", booking, host, { html: false })).toBe("10:00 https://c/b/1");
  });

  it("formats {EVENT_DATE_<format>}, reads booking answers, escapes values in HTML and keeps unknown names", () => {
    expect(fillTemplate("{EVENT_DATE_ddd, MMM D, YYYY h:mma}", booking, attendee, { html: false })).toBe("Tue, Mar 5, 2030 12:00am");
    expect(fillTemplate("{COMPANY} {ADDITIONAL_NOTES} {NOPE}", booking, attendee, { html: false })).toBe("Acme Bring slides {NOPE}");
    expect(fillTemplate("<b>{ORGANIZER}</b>", booking, attendee, { html: true })).toBe("<b>Host &lt;One&gt;</b>");
  });
});

describe("formatInZone and htmlToText", () => {
  it("keeps [bracketed] text and turns HTML into readable lines", () => {
    expect(formatInZone("2030-03-04T15:00:00.000Z", "[at] HH:mm", "Europe/Paris")).toBe("at 16:00");
    expect(htmlToText("<p>Hi &amp; welcome</p><p>Line<br>two</p>")).toBe("Hi & welcome\nLine\ntwo");
  });
});
