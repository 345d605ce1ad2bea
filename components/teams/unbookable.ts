/** Why a member cannot be booked (server/teams/host-bookability.ts), as the hosts list and the team page say it. */
import type { TUnbookableReason } from "@/server/teams/host-bookability";

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function unbookableText(reason: TUnbookableReason): string {
  switch (reason.kind) {
    case "noSchedule":
      return "Cannot be booked: has not set working hours yet";
    case "noHours":
      return `Cannot be booked: their schedule “${reason.scheduleName}” has no working hours`;
    case "outOfOffice":
      // The absence's end is exclusive (midnight after its last day): its last day is the day before.
      return `Cannot be booked: out of office until ${DAY.format(new Date(Date.parse(reason.until) - 1))}`;
  }
}
