/** Days far enough ahead that the real clock's notice and booking-window rules never interfere with a spec. */

/** A Wednesday two to three weeks ahead (UTC), as `YYYY-MM-DD`. */
export function futureWednesday(): string {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 14 + ((3 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

/** The day after `date` (`YYYY-MM-DD`). */
export const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
