import { TextLink } from "@/components/ui/text-link";

/** Unknown names and reserved ones land here alike. */
export default function ProfileNotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-16">
      <p className="text-sm font-medium text-indigo-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold">This page does not exist</h1>
      <p className="mt-3 text-slate-600">Check the link you were given, or ask its owner for a new one.</p>
      <p className="mt-6">
        <TextLink href="/">Go to Convene</TextLink>
      </p>
    </main>
  );
}
