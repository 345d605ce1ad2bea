/**
 * The booking page's form (booking-page-form.ts) on the real database: every booking field that is not hidden, the
 * event type's places as the visitor sees them (an address kept private shows only its kind), and the place of the
 * booking on the confirmation.
 */
import { describe, expect, it } from "vitest";
import { attendee, makeHostWithEventType, utcAt } from "@/prisma/scheduling-factories";
import { createPrivateLink } from "../event-types/private-link.service";
import { sessionActor } from "../auth/actor";
import { ZBookingFieldsInput } from "../event-types/booking-fields";
import { bookFromPage, findBookingPage, findPrivateLinkPage } from "./booking-page.service";

const ADDRESS = { type: "address", address: "1 Rue de Rivoli, Paris", public: true };

describe("the booking page's form", () => {
  it("asks every field that is not hidden: the defaults with their overrides, location, notes, then the custom questions", async () => {
    const bookingFields = ZBookingFieldsInput.parse([
      { slug: "notes", label: "Anything we should know?", required: true },
      { slug: "title", hidden: false },
      { slug: "guests", hidden: true },
      { type: "select", slug: "plan", label: "Plan", options: ["free", "pro"], required: true },
      { type: "text", slug: "secret", label: "Internal", hidden: true },
    ]);
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [ADDRESS], bookingFields } });
    const page = (await findBookingPage(host.username, eventType.slug))!;
    expect(page.fields.map(({ slug, label, required }) => ({ slug, label, required }))).toEqual([
      { slug: "name", label: "Your name", required: true },
      { slug: "email", label: "E-mail", required: true },
      { slug: "location", label: "Location", required: false },
      { slug: "title", label: "What is this meeting about?", required: false },
      { slug: "notes", label: "Anything we should know?", required: true },
      { slug: "plan", label: "Plan", required: true },
    ]);
    expect(page.fields.find(({ slug }) => slug === "plan")?.options).toEqual(["free", "pro"]);
  });

  it("shows each place: a public one with its value, a private one by its kind only, the kinds the visitor fills in with their question", async () => {
    const locations = [
      ADDRESS,
      { type: "address", address: "Secret HQ, 9 Hidden Lane", public: false },
      { type: "integration", integration: "zoom" },
      { type: "attendeePhone" },
    ];
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations } });
    const page = (await findBookingPage(host.username, eventType.slug))!;
    expect(page.locations).toEqual([
      { kind: "In person", detail: "1 Rue de Rivoli, Paris", choice: { type: "address", address: "1 Rue de Rivoli, Paris" } },
      { kind: "In person", detail: null, choice: { type: "address" } },
      { kind: "Zoom", detail: null, choice: { type: "integration", integration: "zoom" } },
      { kind: "Phone call, the host calls you", detail: null, choice: { type: "attendeePhone" }, input: { field: "phone", label: "Your phone number" } },
    ]);
    expect(JSON.stringify(page)).not.toContain("Secret HQ");
  });

  it("confirms with the booking's place: the only one applied, on a private link's page too", async () => {
    const { host, eventType } = await makeHostWithEventType({ eventType: { locations: [ADDRESS], hidden: true } });
    const link = await createPrivateLink(sessionActor(host.id), eventType.id, {});
    expect((await findPrivateLinkPage(link.linkId, eventType.slug))?.locations).toHaveLength(1);
    const confirmation = await bookFromPage({ eventTypeId: eventType.id, start: utcAt(2, 10), attendee: attendee(), privateLink: link.linkId }, "203.0.113.9");
    expect(confirmation.location).toBe("1 Rue de Rivoli, Paris");
  });
});
