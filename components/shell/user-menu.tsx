"use client";
import { MenuItem, Separator, Header, MenuSection } from "react-aria-components";
import { MENU_ITEM, MenuButton } from "./menu";

type Props = { name: string; email: string; username: string };

/** Who is signed in, their public page, their settings and log-out. */
export function UserMenu({ name, email, username }: Props) {
  const initial = (name || email).trim().charAt(0).toUpperCase();
  return (
    <MenuButton
      label={
        <>
          <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white">
            {initial}
          </span>
          {/* Named by its content (the name shown from 640 px, read out everywhere), so the spoken and seen names agree. */}
          <span className="sr-only">Account menu, </span>
          <span className="sr-only max-w-40 truncate sm:not-sr-only">{name || email}</span>
        </>
      }
    >
      <MenuSection>
        <Header className="px-3 py-2 text-xs text-slate-600">
          Signed in as <span className="font-medium text-slate-900">{email}</span>
        </Header>
      </MenuSection>
      <Separator className="my-1 border-t border-slate-200" />
      <MenuSection>
        <MenuItem id="public" href={`/${username}`} className={MENU_ITEM}>
          Your public page
        </MenuItem>
        <MenuItem id="profile" href="/settings/profile" className={MENU_ITEM}>
          Profile
        </MenuItem>
        <MenuItem id="logout" href="/auth/logout" className={MENU_ITEM}>
          Log out
        </MenuItem>
      </MenuSection>
    </MenuButton>
  );
}
