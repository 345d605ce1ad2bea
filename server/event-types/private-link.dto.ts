/** TimeBasedPrivateLinkOutput / UsageBasedPrivateLinkOutput of the peer API. */
import { z } from "zod";
import { env } from "../env";

export const PRIVATE_LINK_SELECT = { hash: true, eventTypeId: true, expiresAt: true, maxUsageCount: true, usageCount: true } as const;

type PrivateLinkRow = { hash: string; eventTypeId: number; expiresAt: Date | null; maxUsageCount: number | null; usageCount: number };

const base = { linkId: z.string(), eventTypeId: z.number().int(), isExpired: z.boolean(), bookingUrl: z.string() };
export const ZPrivateLinkOutput = z.union([
  z.object({ ...base, expiresAt: z.string() }),
  z.object({ ...base, maxUsageCount: z.number().int(), usageCount: z.number().int() }),
]);
export type TPrivateLinkOutput = z.infer<typeof ZPrivateLinkOutput>;
export const ZDeletePrivateLinkOutput = z.object({ linkId: z.string(), message: z.string() });

export function toPrivateLinkOutput(row: PrivateLinkRow, eventTypeSlug: string, now = new Date()): TPrivateLinkOutput {
  const common = {
    linkId: row.hash,
    eventTypeId: row.eventTypeId,
    bookingUrl: `${env().APP_URL.replace(/\/$/, "")}/d/${row.hash}/${eventTypeSlug}`,
  };
  if (row.expiresAt !== null) return { ...common, isExpired: row.expiresAt <= now, expiresAt: row.expiresAt.toISOString() };
  // A row with neither limit cannot be created through the API; it is reported (and treated) as used up.
  const maxUsageCount = row.maxUsageCount ?? 0;
  return { ...common, isExpired: row.usageCount >= maxUsageCount, maxUsageCount, usageCount: row.usageCount };
}
