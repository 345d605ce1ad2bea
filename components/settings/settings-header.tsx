import { TextLink } from "../ui/text-link";

export function SettingsHeader({ user }: { user: { name: string; email: string } | null }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-6 py-4">
        <TextLink href="/" className="text-lg text-slate-900">
          Convene
        </TextLink>
        {user && (
          <div className="flex items-center gap-4 text-sm">
            <span className="text-slate-600">
              Signed in as <span className="font-medium text-slate-900">{user.email}</span>
            </span>
            <TextLink href="/auth/logout">Log out</TextLink>
          </div>
        )}
      </div>
    </header>
  );
}
