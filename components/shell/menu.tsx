"use client";
/** A menu button over React Aria's Menu: arrow keys move, Enter picks, Escape closes and focus returns to the button. */
import type { ReactNode } from "react";
import { Button, Menu, MenuTrigger, Popover, type Key, type MenuProps } from "react-aria-components";
import { FOCUS_RING } from "../ui/button";

export const MENU_ITEM =
  "flex cursor-default items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-indigo-50 data-[focused]:text-indigo-900";

type Props<T extends object> = MenuProps<T> & { label: ReactNode; "aria-label"?: string; buttonClassName?: string; onAction?: (key: Key) => void };

export function MenuButton<T extends object>({ label, buttonClassName = "", children, ...menu }: Props<T>) {
  return (
    <MenuTrigger>
      <Button
        aria-label={menu["aria-label"]}
        className={`inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 ${FOCUS_RING} ${buttonClassName}`}
      >
        {label}
      </Button>
      <Popover placement="bottom end" className="min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        <Menu {...menu} aria-label={menu["aria-label"]} className="outline-none">
          {children}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
