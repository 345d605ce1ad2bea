export { BookingLinkRequired as default } from "@/components/booking-manage/booking-link-required";
