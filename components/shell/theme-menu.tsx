"use client";
import { useSyncExternalStore } from "react";
import { MenuItem, type Selection } from "react-aria-components";
import { chooseTheme, currentThemeChoice, THEME_CHOICES, type TThemeChoice } from "../theme/theme-script";
import { MENU_ITEM, MenuButton } from "./menu";

const LABELS: Record<TThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

/** The choice lives on <html data-theme-choice>, where the inline script and chooseTheme write it. */
function subscribeToChoice(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme-choice"] });
  return () => observer.disconnect();
}

/** Light, dark or the system's setting; the choice is kept in this browser (components/theme/theme-script.ts). */
export function ThemeMenu() {
  const choice = useSyncExternalStore(subscribeToChoice, currentThemeChoice, () => "system" as const);
  const select = (keys: Selection) => {
    const picked = keys === "all" ? "system" : ([...keys][0] as TThemeChoice | undefined);
    if (!picked) return;
    chooseTheme(picked);
  };
  return (
    <MenuButton
      aria-label={`Theme: ${LABELS[choice]}`}
      label={<span aria-hidden="true">{choice === "dark" ? "☾" : choice === "light" ? "☀" : "◐"}</span>}
      selectionMode="single"
      selectedKeys={[choice]}
      onSelectionChange={select}
    >
      {THEME_CHOICES.map((key) => (
        <MenuItem key={key} id={key} className={MENU_ITEM}>
          {({ isSelected }) => (
            <>
              <span aria-hidden="true" className="w-4">
                {isSelected ? "✓" : ""}
              </span>
              {LABELS[key]}
            </>
          )}
        </MenuItem>
      ))}
    </MenuButton>
  );
}
