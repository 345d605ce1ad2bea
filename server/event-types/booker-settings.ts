/**
 * The peer's event type settings for what the booker sees and may do: color, customName (the booking
 * title's template), successRedirectUrl, disableGuests, onlyShowFirstAvailableSlot; and what an attendee may do from
 * their manage link: the peer's disableCancelling / disableRescheduling, and how many minutes before the start each
 * closes (server/bookings/manage-link-rules.ts).
 */
import { z } from "zod";

const ZHex = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Must be a hex color such as #292929");

export const ZEventTypeColor = z
  .object({ lightThemeHex: ZHex.describe("Color in the light theme"), darkThemeHex: ZHex.describe("Color in the dark theme") })
  .strict()
  .describe("The event type's color in light and dark themes");

const ZNoticeMinutes = z.number().int().min(0, "Must be 0 or more minutes").max(525_600, "Must be at most 525600 minutes");

export const bookerSettingFields = {
  color: ZEventTypeColor.nullable(),
  customName: z
    .string()
    .trim()
    .min(1, "customName must not be empty; send null for the default title")
    .max(500, "customName is at most 500 characters")
    .nullable()
    .describe(
      "Booking title template. Variables: {Event type title}, {Organiser}, {Organiser first name}, {Scheduler}, {Scheduler first name}, " +
        "{Scheduler last name}, {Event duration}, {Location}, {LOCATION}, {HOST}, {ATTENDEE}, {HOST/ATTENDEE}, {USER}. Null: the default title",
    ),
  successRedirectUrl: z
    .url({ protocol: /^https?$/, message: "successRedirectUrl must be an http(s) URL" })
    .max(2048)
    .nullable()
    .describe("Where the booker is sent after a successful booking; null for Convene's confirmation page"),
  disableGuests: z.boolean().describe("When true, bookers cannot add guests (a booking with guests is refused)"),
  onlyShowFirstAvailableSlot: z.boolean().describe("When true, only the first free slot of each day (schedule's time zone) is offered"),
  disableCancelling: z.boolean().describe("When true, attendees cannot cancel from the link in their mails"),
  disableRescheduling: z.boolean().describe("When true, attendees cannot pick a new time from the link in their mails"),
  minimumCancellationNotice: ZNoticeMinutes.describe("Minutes before the start after which attendees can no longer cancel from their link; 0: until the start"),
  minimumRescheduleNotice: ZNoticeMinutes.describe(
    "Minutes before the start after which attendees can no longer reschedule from their link; 0: until the start",
  ),
};

export const ZColorOutput = z.object({ lightThemeHex: z.string(), darkThemeHex: z.string() }).optional().describe("Left out when the event type has no color");

export const BOOKER_SETTINGS_SELECT = {
  color: true,
  customName: true,
  successRedirectUrl: true,
  disableGuests: true,
  onlyShowFirstAvailableSlot: true,
  disableCancelling: true,
  disableRescheduling: true,
  minimumCancellationNotice: true,
  minimumRescheduleNotice: true,
} as const;

export function colorOf(column: unknown): z.infer<typeof ZColorOutput> {
  const parsed = ZEventTypeColor.safeParse(column);
  return parsed.success ? parsed.data : undefined;
}
