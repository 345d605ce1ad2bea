import { z } from "zod";
import { ZTimeZone } from "../time/time-zones";
import { ZDisplayName, ZUsername } from "../users/user.schemas";

export const ZProfileStepInput = z.object({ name: ZDisplayName, username: ZUsername, timeZone: ZTimeZone }).strict();
export type TProfileStepInput = z.input<typeof ZProfileStepInput>;

export const ZConnectIcsFeedInput = z.object({ url: z.string().trim().min(1, "Enter the feed's address").max(2048, "At most 2048 characters") }).strict();
