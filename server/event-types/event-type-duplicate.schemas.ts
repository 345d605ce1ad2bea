/** The site's "Duplicate" body: only the title, slug and length are chosen anew (event-type-duplicate.ts copies the rest). */
import type { z } from "zod";
import { ZCreateEventTypeFields } from "./event-type.schemas";

export const ZDuplicateEventTypeInput = ZCreateEventTypeFields.pick({ title: true, slug: true, lengthInMinutes: true }).strict();
export type TDuplicateEventTypeInput = z.input<typeof ZDuplicateEventTypeInput>;
