import { z } from "zod";

export const OOO_SELECT = { id: true, uid: true, userId: true, redirectToUserId: true, start: true, end: true, notes: true, reason: true } as const;

type OooRow = { id: number; uid: string; userId: number; redirectToUserId: number | null; start: Date; end: Date; notes: string | null; reason: string };

export const ZOooOutput = z.object({
  id: z.number().int(),
  uuid: z.string(),
  userId: z.number().int(),
  toUserId: z.number().int().nullable(),
  start: z.string(),
  end: z.string(),
  notes: z.string().nullable(),
  reason: z.string(),
});
export type TOooOutput = z.infer<typeof ZOooOutput>;

export const toOooOutput = (row: OooRow): TOooOutput => ({
  id: row.id,
  uuid: row.uid,
  userId: row.userId,
  toUserId: row.redirectToUserId,
  start: row.start.toISOString(),
  end: row.end.toISOString(),
  notes: row.notes,
  reason: row.reason,
});
