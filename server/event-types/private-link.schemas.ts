/**
 * A private link is either time-based (expiresAt) or usage-based (maxUsageCount), never both. A create
 * with neither makes a one-time link (maxUsageCount 1), as the peer API does; an update names exactly one,
 * and switching kind clears the other limit.
 */
import { z } from "zod";
import { ZTimestampText } from "../time/timestamps";

const ZFutureTimestamp = ZTimestampText("2030-12-31T23:59:59Z").refine((value) => Date.parse(value) > Date.now(), "Must be in the future");

const fields = {
  expiresAt: ZFutureTimestamp.describe("Time-based link: bookable until then"),
  maxUsageCount: z.number().int().min(1, "Must be a positive integer").max(1_000_000).describe("Usage-based link: number of bookings it allows"),
};

const notBoth = (value: { expiresAt?: string; maxUsageCount?: number }) => value.expiresAt === undefined || value.maxUsageCount === undefined;
const NOT_BOTH = { message: "A link is time-based (expiresAt) or usage-based (maxUsageCount), not both", path: ["maxUsageCount"] };

export const ZCreatePrivateLinkInput = z.object(fields).partial().strict().refine(notBoth, NOT_BOTH);
export type TCreatePrivateLinkInput = z.input<typeof ZCreatePrivateLinkInput>;

export const ZUpdatePrivateLinkInput = z
  .object(fields)
  .partial()
  .strict()
  .refine(notBoth, NOT_BOTH)
  .refine((value) => value.expiresAt !== undefined || value.maxUsageCount !== undefined, "Send expiresAt or maxUsageCount");
export type TUpdatePrivateLinkInput = z.input<typeof ZUpdatePrivateLinkInput>;

/** A link's id in a path (`…/private-links/{linkId}`). */
export const ZPrivateLinkId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a private link id");
