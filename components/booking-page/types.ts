import type { TBookingPage } from "@/server/booking-page/booking-page.service";

export type { TBookingConfirmation } from "@/server/booking-page/booking-page.service";
export type { TPageLocation } from "@/server/booking-page/booking-page-form";
export type { TBookingFieldOutput as TPageField } from "@/server/event-types/booking-fields";
/** What the page knows about the event type; a private-link page would pass the same shape. */
export type TBookingPageEvent = TBookingPage;
