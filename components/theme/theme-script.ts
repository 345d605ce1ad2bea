/**
 * The theme is decided before the first paint, by a script inlined into <head> (app/layout.tsx): the visitor's
 * choice kept in localStorage, else the system setting, which it keeps following while no choice is stored.
 * The server cannot know the system setting, so the class is the script's to set, never the server's.
 */
export const THEME_STORAGE_KEY = "convene-theme";
export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type TThemeChoice = (typeof THEME_CHOICES)[number];

/** Applies the stored choice (or the system's) to <html>; re-run by the toggle and on system changes. */
function applyTheme(storageKey: string) {
  const stored = (() => {
    try {
      return localStorage.getItem(storageKey);
    } catch {
      return null;
    }
  })();
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const isDark = stored === "dark" || (stored !== "light" && media.matches);
  document.documentElement.classList.toggle("dark", isDark);
  document.documentElement.dataset.themeChoice = stored === "dark" || stored === "light" ? stored : "system";
}

/** The inline script's text: the function above plus a listener for the system setting. */
export const THEME_SCRIPT = `(${applyTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)});
window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function () { (${applyTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)}); });`;

export function chooseTheme(choice: TThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  applyTheme(THEME_STORAGE_KEY);
  if (choice !== "system") document.documentElement.classList.toggle("dark", choice === "dark");
  document.documentElement.dataset.themeChoice = choice;
}

export const currentThemeChoice = (): TThemeChoice => {
  const value = typeof document === "undefined" ? undefined : document.documentElement.dataset.themeChoice;
  return value === "light" || value === "dark" ? value : "system";
};
