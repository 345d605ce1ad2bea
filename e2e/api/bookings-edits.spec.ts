/** Host edits and the read endpoints of one booking over HTTP, each on a booking made through the API. */
import { makeHostWithEventType, utcAt } from "../../prisma/scheduling-factories";
import { db, disconnectDb } from "../../server/db/client";
import { bearer, bookOverHttp } from "../support/bookings-http";
import { expect, test } from "../support/fixtures";

test.afterAll(() => disconnectDb());

test("add guests: new ones are added once; a stranger gets a 404", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const { apiKey: strangerKey } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 9));
  const data = {
    guests: [{ email: "guest.one@example.test", name: "Guest One" }, { email: "guest.one@example.test" }, { email: booking.attendees[0]!.email }],
  };
  const added = await request.post(`/v2/bookings/${booking.uid}/guests`, { headers: bearer(apiKey), data });
  expect(added.status()).toBe(200);
  const body = (await added.json()).data;
  expect(body.guests).toEqual(["guest.one@example.test"]);
  expect(body.attendees).toHaveLength(2);
  expect((await request.post(`/v2/bookings/${booking.uid}/guests`, { headers: bearer(strangerKey), data })).status()).toBe(404);
  expect((await request.post(`/v2/bookings/${booking.uid}/guests`, { headers: bearer(apiKey), data: { guests: [] } })).status()).toBe(400);
});

test("update location: the booking answers the new location as a string", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType({ eventType: { locations: [{ type: "phone", phone: "+33100000000", public: true }] } });
  const { apiKey: strangerKey } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 10), { location: { type: "phone", phone: "+33100000000" } });
  expect(booking.location).toBe("+33100000000");
  const data = { location: { type: "link", link: "https://meet.example.test/room-1" } };
  const moved = await request.patch(`/v2/bookings/${booking.uid}/location`, { headers: bearer(apiKey), data });
  expect(moved.status()).toBe(200);
  expect((await moved.json()).data).toMatchObject({ location: "https://meet.example.test/room-1", meetingUrl: "https://meet.example.test/room-1" });
  expect((await (await request.get(`/v2/bookings/${booking.uid}`, { headers: bearer(apiKey) })).json()).data.location).toBe("https://meet.example.test/room-1");
  expect((await request.patch(`/v2/bookings/${booking.uid}/location`, { headers: bearer(strangerKey), data })).status()).toBe(404);
});

test("mark absent: refused before the start; afterwards host and attendee absence are recorded", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 11));
  const email = booking.attendees[0]!.email;
  const early = await request.post(`/v2/bookings/${booking.uid}/mark-absent`, { headers: bearer(apiKey), data: { host: true } });
  expect(early.status()).toBe(400);
  // The meeting "took place": moved into the past directly, since the API only books future times.
  await db.booking.update({ where: { uid: booking.uid }, data: { start: utcAt(-1, 11), end: utcAt(-1, 11, 30) } });
  const marked = await request.post(`/v2/bookings/${booking.uid}/mark-absent`, {
    headers: bearer(apiKey),
    data: { host: true, attendees: [{ email, absent: true }] },
  });
  expect(marked.status()).toBe(200);
  const body = (await marked.json()).data;
  expect(body.absentHost).toBe(true);
  expect(body.attendees[0]).toMatchObject({ email, absent: true });
  const unknown = await request.post(`/v2/bookings/${booking.uid}/mark-absent`, {
    headers: bearer(apiKey),
    data: { attendees: [{ email: "nobody@example.test", absent: true }] },
  });
  expect(unknown.status()).toBe(400);
});

test("attendees: list, get one, add one (201); a duplicate is a 409; others' bookings and attendees are 404", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const { apiKey: strangerKey } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 12));
  const base = `/v2/bookings/${booking.uid}/attendees`;
  const listed = (await (await request.get(base, { headers: bearer(apiKey) })).json()).data;
  expect(listed).toEqual([expect.objectContaining({ id: booking.attendees[0]!.id, email: booking.attendees[0]!.email, absent: false })]);

  const person = { name: "Alan Turing", email: "alan.turing@example.test", timeZone: "Europe/London", language: "en" };
  const added = await request.post(base, { headers: bearer(apiKey), data: person });
  expect(added.status()).toBe(201);
  const attendee = (await added.json()).data;
  expect(attendee).toMatchObject({ name: "Alan Turing", email: person.email, timeZone: "Europe/London" });
  expect((await request.post(base, { headers: bearer(apiKey), data: person })).status()).toBe(409);

  const one = await request.get(`${base}/${attendee.id}`, { headers: bearer(apiKey) });
  expect((await one.json()).data).toMatchObject({ id: attendee.id, email: person.email });
  expect((await (await request.get(base, { headers: bearer(apiKey) })).json()).data).toHaveLength(2);

  const other = await bookOverHttp(request, eventType.id, utcAt(2, 13));
  expect((await request.get(`${base}/${other.attendees[0]!.id}`, { headers: bearer(apiKey) })).status()).toBe(404);
  expect((await request.get(base, { headers: bearer(strangerKey) })).status()).toBe(404);
  expect((await request.get(`${base}/${attendee.id}`, { headers: bearer(strangerKey) })).status()).toBe(404);
  expect((await request.post(base, { headers: bearer(strangerKey), data: { ...person, email: "x@example.test" } })).status()).toBe(404);
});

test("references, recordings, transcripts and conferencing sessions: real empty lists; 404 for others", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const { apiKey: strangerKey } = await makeHostWithEventType();
  const booking = await bookOverHttp(request, eventType.id, utcAt(2, 14));
  for (const suffix of ["references", "recordings", "transcripts", "conferencing-sessions"]) {
    const response = await request.get(`/v2/bookings/${booking.uid}/${suffix}`, { headers: bearer(apiKey) });
    expect(response.status(), suffix).toBe(200);
    expect((await response.json()).data, suffix).toEqual([]);
    expect((await request.get(`/v2/bookings/${booking.uid}/${suffix}`, { headers: bearer(strangerKey) })).status(), suffix).toBe(404);
  }
});

test("calendar links: Google, Outlook, Office 365 and ICS for this booking's time; 404 for others", async ({ request }) => {
  const { eventType, apiKey } = await makeHostWithEventType();
  const { apiKey: strangerKey } = await makeHostWithEventType();
  const start = utcAt(2, 15);
  const booking = await bookOverHttp(request, eventType.id, start);
  const response = await request.get(`/v2/bookings/${booking.uid}/calendar-links`, { headers: bearer(apiKey) });
  expect(response.status()).toBe(200);
  const links = (await response.json()).data as { label: string; link: string }[];
  expect(links.map(({ label }) => label)).toEqual(["Google Calendar", "Microsoft Outlook", "Microsoft Office 365", "ICS"]);
  const stamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  expect(new URL(links[0]!.link).searchParams.get("dates")).toBe(`${stamp(booking.start)}/${stamp(booking.end)}`);
  expect(new URL(links[1]!.link).searchParams.get("startdt")).toBe(booking.start);
  expect(new URL(links[3]!.link).pathname).toBe(`/api/bookings/${booking.uid}/ics`);
  expect((await request.get(`/v2/bookings/${booking.uid}/calendar-links`, { headers: bearer(strangerKey) })).status()).toBe(404);
});
