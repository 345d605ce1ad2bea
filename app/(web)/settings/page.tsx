import { redirect } from "next/navigation";

/** /settings has no page of its own: the menu's Settings entry opens the profile. */
export default function SettingsIndexPage() {
  redirect("/settings/profile");
}
