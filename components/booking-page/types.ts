import type { TBookingPage } from "@/server/booking-page/booking-page.service";

export type { TBookingConfirmation } from "@/server/booking-page/booking-page.service";
/** What the page knows about the event type; a private-link page would pass the same shape. */
export type TBookingPageEvent = TBookingPage;
