export type { TManagedBookingView } from "@/server/bookings/manage-link.service";
