/** Shared steps of the booking HTTP specs: every booking is made through POST /v2/bookings. */
import type { APIRequestContext } from "@playwright/test";
import { attendee } from "../../prisma/scheduling-factories";
import { expect } from "./fixtures";

export const V = { "svc-api-version": "2024-08-13" };
export const bearer = (key: string) => ({ ...V, authorization: `Bearer ${key}` });

export type Booking = {
  uid: string;
  icsUid: string;
  status: string;
  start: string;
  end: string;
  location: string;
  rescheduledToUid?: string;
  rescheduledFromUid?: string;
  attendees: { id: number; email: string; absent: boolean }[];
  guests: string[];
};

export async function bookOverHttp(request: APIRequestContext, eventTypeId: number, start: Date, extra: Record<string, unknown> = {}): Promise<Booking> {
  const response = await request.post("/v2/bookings", { headers: V, data: { eventTypeId, start: start.toISOString(), attendee: attendee(), ...extra } });
  expect(response.status()).toBe(201);
  return (await response.json()).data;
}
