import { redirect } from "next/navigation";

/** The OAuth guide lives in docs/authentication-and-oauth.md; this address, linked from apps and metadata before, keeps working. */
export default function OAuthGuidePage() {
  redirect("/docs/authentication-and-oauth#oauth-20-for-app-developers");
}
