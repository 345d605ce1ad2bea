/**
 * The peer's event type settings for what the booker sees and may do: color, customName (the booking
 * title's template), successRedirectUrl, disableGuests, onlyShowFirstAvailableSlot.
 */
import { z } from "zod";

const ZHex = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Must be a hex color such as #292929");

export const ZEventTypeColor = z
  .object({ lightThemeHex: ZHex.describe("Color in the light theme"), darkThemeHex: ZHex.describe("Color in the dark theme") })
  .strict()
  .describe("The event type's color in light and dark themes");

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
};

export const ZColorOutput = z.object({ lightThemeHex: z.string(), darkThemeHex: z.string() }).optional().describe("Left out when the event type has no color");

export const BOOKER_SETTINGS_SELECT = {
  color: true,
  customName: true,
  successRedirectUrl: true,
  disableGuests: true,
  onlyShowFirstAvailableSlot: true,
} as const;

export function colorOf(column: unknown): z.infer<typeof ZColorOutput> {
  const parsed = ZEventTypeColor.safeParse(column);
  return parsed.success ? parsed.data : undefined;
}
