/** Row ids in requests, capped at PostgreSQL's int4 so an oversized number is a 400, not a 500. */
import { z } from "zod";

export const MAX_DB_INT = 2_147_483_647;
/** A row id in a path or query parameter. */
export const ZIdParam = z.coerce.number().int().positive().max(MAX_DB_INT);
/** A row id in a JSON body. */
export const ZIdField = z.number().int().positive().max(MAX_DB_INT);
