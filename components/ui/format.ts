const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export const formatDate = (iso: string) => DATE.format(new Date(iso));
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

/** A date input's `YYYY-MM-DD` → the end of that day in the browser's zone; empty → no expiry. */
export function expiryFromDateInput(value: string): Date | null {
  return value ? new Date(`${value}T23:59:59.999`) : null;
}
