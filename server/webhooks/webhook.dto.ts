/** The webhook output: the peer's UserWebhookOutputDto / EventTypeWebhookOutputDto, plus Convene's delivery state. */
import { z } from "zod";
import { optionalField } from "../http/optional-field";

export const WEBHOOK_SELECT = {
  id: true,
  userId: true,
  eventTypeId: true,
  teamId: true,
  subscriberUrl: true,
  triggers: true,
  active: true,
  payloadTemplate: true,
  disabledAt: true,
  disabledReason: true,
  createdAt: true,
} as const;

export type WebhookRow = {
  id: number;
  userId: number | null;
  eventTypeId: number | null;
  teamId: number | null;
  subscriberUrl: string;
  triggers: string[];
  active: boolean;
  payloadTemplate: string | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
};

/** `secret` only in the answer that created it (shown once). */
export function toWebhookOutput(row: WebhookRow, secret?: string) {
  return {
    id: row.id,
    ...(row.userId !== null ? { userId: row.userId } : {}),
    ...(row.eventTypeId !== null ? { eventTypeId: row.eventTypeId } : {}),
    // An organization's webhook: the peer's TeamWebhookOutputDto names the organization as teamId.
    ...(row.teamId !== null ? { teamId: row.teamId } : {}),
    subscriberUrl: row.subscriberUrl,
    triggers: row.triggers,
    active: row.active,
    // The spec: "string or null; null means none".
    payloadTemplate: row.payloadTemplate,
    ...optionalField("secret", secret ?? null),
    ...optionalField("disabledAt", row.disabledAt?.toISOString() ?? null),
    ...optionalField("disabledReason", row.disabledReason),
    createdAt: row.createdAt.toISOString(),
  };
}
export type TWebhookOutput = ReturnType<typeof toWebhookOutput>;

const ZWebhookBase = z.object({
  id: z.number().int(),
  subscriberUrl: z.string(),
  triggers: z.array(z.string()),
  active: z.boolean(),
  payloadTemplate: z.string().nullable(),
  secret: z.string().optional().describe("Only in the creation answer"),
  disabledAt: z.string().optional().describe("When deliveries stopped (410 Gone, or three days of failures)"),
  disabledReason: z.string().optional(),
  createdAt: z.string(),
});
export const ZUserWebhookOutput = ZWebhookBase.extend({ userId: z.number().int() });
export const ZEventTypeWebhookOutput = ZWebhookBase.extend({ eventTypeId: z.number().int() });
export const ZTeamWebhookOutput = ZWebhookBase.extend({ teamId: z.number().int().describe("The organization's id") });

export const ZWebhookDeliveryOutput = z.object({
  id: z.number().int(),
  messageId: z.string().describe("The webhook-id header: the same on every attempt of a message"),
  trigger: z.string(),
  attempt: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  status: z.number().int().nullable().describe("HTTP status, null when no answer came"),
  response: z.string().describe("The first 1000 characters of the answer, or the error"),
  messageState: z
    .enum(["PENDING", "WAITING", "DELIVERED", "FAILED"])
    .describe("PENDING: being delivered or retried; WAITING: behind an earlier message of its booking to this webhook"),
});
export type TWebhookDeliveryOutput = z.infer<typeof ZWebhookDeliveryOutput>;
