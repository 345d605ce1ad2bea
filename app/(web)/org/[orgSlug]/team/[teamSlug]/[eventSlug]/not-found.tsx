export { default } from "@/components/booking-page/booking-page-not-found";
