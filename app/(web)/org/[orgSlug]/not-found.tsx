export { default } from "@/components/public-profile/profile-not-found";
