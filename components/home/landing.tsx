/** `/` signed out: what Convene is, and the way in. */
import Link from "next/link";
import { TextLink } from "../ui/text-link";

const POINTS = [
  { title: "Share a link, get booked", text: "People pick a time that suits you both from your own booking page. No back-and-forth." },
  { title: "Your calendars stay in charge", text: "Convene reads your busy times and writes each booking back, with a video link." },
  { title: "For teams too", text: "Round-robin and collective event types spread meetings across your team." },
] as const;

const CTA =
  "inline-flex items-center justify-center rounded-md px-5 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

export function Landing() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-semibold tracking-tight">Convene</h1>
      <p className="mt-4 text-lg text-slate-700">
        Scheduling without the email ping-pong: set your hours, share your link, and meetings land in your calendar.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/auth/signup" className={`${CTA} bg-indigo-600 text-white hover:bg-indigo-700`}>
          Sign up free
        </Link>
        <Link href="/auth/login" className={`${CTA} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}>
          Log in
        </Link>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-3">
        {POINTS.map((point) => (
          <li key={point.title}>
            <h2 className="font-semibold">{point.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{point.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-12 text-sm text-slate-600">
        Building on Convene? Read the <TextLink href="/docs">developer docs</TextLink>, the <TextLink href="/docs/api">API reference</TextLink> and the{" "}
        <TextLink href="/docs/authentication-and-oauth">OAuth guide</TextLink>, or <TextLink href="/docs/mcp">connect an AI agent</TextLink>.
      </p>
    </main>
  );
}
