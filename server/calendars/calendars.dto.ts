/** Output shapes of the calendar routes, for the OpenAPI document (the peer API's names and fields). */
import { z } from "zod";

export const ZCredentialOutput = z.object({
  id: z.number(),
  type: z.string(),
  userId: z.number(),
  teamId: z.null(),
  appId: z.string(),
  invalid: z.boolean(),
});

export const ZCalendarOutput = z.object({
  externalId: z.string(),
  integration: z.string(),
  name: z.string(),
  primary: z.boolean(),
  readOnly: z.boolean(),
  email: z.string().optional(),
  isSelected: z.boolean(),
  credentialId: z.number(),
});
export type TCalendarOutput = z.infer<typeof ZCalendarOutput>;

const ZIntegration = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.string(),
  slug: z.string(),
  variant: z.string(),
  categories: z.array(z.string()),
  logo: z.string(),
  publisher: z.string(),
  url: z.string(),
  email: z.string(),
  locationOption: z.null(),
});

export const ZConnectedCalendarsOutput = z.object({
  connectedCalendars: z.array(
    z.object({
      integration: ZIntegration,
      credentialId: z.number(),
      invalid: z.boolean(),
      /** Present when the provider could not be asked for the calendars just now (the list then shows what we know). */
      error: z.string().optional(),
      primary: ZCalendarOutput.optional(),
      calendars: z.array(ZCalendarOutput),
    }),
  ),
  destinationCalendar: z
    .object({
      id: z.number(),
      integration: z.string(),
      externalId: z.string(),
      primaryEmail: z.string().nullable(),
      userId: z.number(),
      eventTypeId: z.null(),
      credentialId: z.number().nullable(),
      name: z.string().nullable(),
      primary: z.boolean(),
      readOnly: z.boolean(),
      email: z.string().optional(),
      integrationTitle: z.string(),
    })
    .describe(
      "Where bookings are written. Always present (the peer's schema requires it): with no calendar Convene can write to (none connected, or read-only feeds only), id is 0, integration and externalId are empty and credentialId is null",
    ),
});

export const ZBusyTimeOutput = z.object({ start: z.string(), end: z.string(), source: z.string().nullable() });

export const ZConnectionCheckOutput = z.object({
  integration: z.string(),
  connections: z.array(z.object({ credentialId: z.number(), valid: z.boolean(), calendars: z.number(), error: z.string().optional() })),
});

export const ZIcsFeedCheckOutput = z.union([z.object({ url: z.string(), valid: z.literal(true), events: z.number() }), ZConnectionCheckOutput]);

export const ZConnectUrlOutput = z.object({ authUrl: z.string() });

export const ZSelectedCalendarOutput = z.object({ userId: z.number(), integration: z.string(), externalId: z.string(), credentialId: z.number() });
