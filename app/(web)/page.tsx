import { HomeView } from "@/components/home/home-view";
import { Landing } from "@/components/home/landing";
import { AppShell } from "@/components/shell/app-shell";
import { sessionActor } from "@/server/auth/actor";
import { getSessionUser } from "@/server/auth/session";
import { getHome } from "@/server/home/home.service";

/** Signed out: what Convene is and the way in. Signed in: the scheduler's home inside the site's shell. */
export default async function HomePage() {
  const user = await getSessionUser();
  if (!user) return <Landing />;
  const home = await getHome(sessionActor(user.id));
  return (
    <AppShell>
      <HomeView home={home} />
    </AppShell>
  );
}
