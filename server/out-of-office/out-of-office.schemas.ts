/** Out-of-office write shapes (peer: CreateOutOfOfficeEntryDto / UpdateOutOfOfficeEntryDto). */
import { z } from "zod";
import { ZPaginationQuery } from "../http/pagination";
import { ZIdField, ZIdParam } from "../http/ids";
import { ZTimestampText } from "../time/timestamps";

export const OOO_REASONS = ["unspecified", "vacation", "travel", "sick", "public_holiday"] as const;

const ZTimestamp = ZTimestampText("2030-05-01T00:00:00Z");

/** Exported for the site's form, which asks for dates where the API takes instants (components/availability). */
export const OOO_FIELDS = {
  start: ZTimestamp,
  end: ZTimestamp,
  notes: z.string().trim().max(500, "Notes are at most 500 characters").nullable(),
  reason: z.enum(OOO_REASONS, { message: `reason is one of ${OOO_REASONS.join(", ")}` }),
  toUserId: ZIdField.nullable().describe("Another user who receives the bookings meanwhile"),
};

export const isOrderedRange = (start: string | Date, end: string | Date) => new Date(end).getTime() > new Date(start).getTime();
const END_AFTER_START = { path: ["end"], message: "end must be after start" };

export const ZCreateOooInput = z
  .object(OOO_FIELDS)
  .partial({ notes: true, reason: true, toUserId: true })
  .strict()
  .refine((value) => isOrderedRange(value.start, value.end), END_AFTER_START);
export type TCreateOooInput = z.input<typeof ZCreateOooInput>;

export const ZUpdateOooInput = z
  .object(OOO_FIELDS)
  .partial()
  .strict()
  .refine((value) => value.start === undefined || value.end === undefined || isOrderedRange(value.start, value.end), END_AFTER_START);
export type TUpdateOooInput = z.input<typeof ZUpdateOooInput>;

const ZSort = z.enum(["asc", "desc"]);
export const ZListOooQuery = ZPaginationQuery.extend({ sortStart: ZSort.optional(), sortEnd: ZSort.optional() });
export type TListOooQuery = z.infer<typeof ZListOooQuery>;

export const ZOooIdParams = z.object({ oooId: ZIdParam });
