import { redirect } from "next/navigation";

/** Without this page /settings/developer would fall through to the booking route /{username}/{slug}. */
export default function DeveloperIndexPage() {
  redirect("/settings/developer/api-keys");
}
