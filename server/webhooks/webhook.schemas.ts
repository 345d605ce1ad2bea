/** Webhook input, as the peer's CreateWebhookInputDto / UpdateWebhookInputDto. */
import { z } from "zod";
import { ZIdParam } from "../http/ids";
import { ZPaginationQuery } from "../http/pagination";
import { PEER_WEBHOOK_VERSION, secretProblem } from "./webhook-secret-rules";
import { templateProblem } from "./webhook-template";
import { EMITTED_TRIGGERS, ZSubscribableTrigger } from "./webhook-triggers";

const ZPayloadTemplate = z
  .string()
  .max(20_000)
  .superRefine((template, context) => {
    const problem = templateProblem(template);
    if (problem) context.addIssue({ code: "custom", message: `payloadTemplate ${problem}` });
  })
  .describe("A JSON text with {{path}} placeholders (`{{title}}`, `{{organizer.name}}`, `{{attendees.0.name}}`), filled in JSON-escaped");

/** A client-chosen secret (webhook-secret-rules.ts); Convene generates a `whsec_…` one when none is sent. */
const ZSecret = z
  .string()
  .min(16, "Must be at least 16 characters")
  .max(200)
  .superRefine((secret, context) => {
    const problem = secretProblem(secret);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .describe(
    "Signing secret; generated (whsec_…) when not sent. Either whsec_ and base64 of a 24–64-byte key, or printable ASCII " +
      "(its characters are the key of both the Standard Webhooks signature and X-Cal-Signature-256)",
  );

const fields = {
  subscriberUrl: z.string().max(2048).describe("https URL that receives deliveries"),
  triggers: z
    .array(ZSubscribableTrigger)
    .min(1, "Name at least one trigger")
    .max(50)
    .describe(
      `One or more of ${EMITTED_TRIGGERS.join(", ")} (a host confirming a requested booking sends BOOKING_CREATED); the peer's ` +
        `triggers nothing in Convene fires are refused. Per booking and webhook, messages arrive in the order their changes committed.`,
    ),
  active: z.boolean(),
  payloadTemplate: ZPayloadTemplate.nullable(),
  secret: ZSecret,
  version: z.literal(PEER_WEBHOOK_VERSION).describe("The peer's payload version; the only one (sent as X-Cal-Webhook-Version)"),
};

export const ZCreateWebhookInput = z
  .object({ ...fields, payloadTemplate: fields.payloadTemplate.optional(), secret: fields.secret.optional(), version: fields.version.optional() })
  .strict();
export type TCreateWebhookInput = z.input<typeof ZCreateWebhookInput>;

export const ZUpdateWebhookInput = z.object(fields).partial().strict();
export type TUpdateWebhookInput = z.input<typeof ZUpdateWebhookInput>;

export const ZWebhookIdParams = z.object({ webhookId: ZIdParam });
export const ZEventTypeWebhooksParams = z.object({ eventTypeId: ZIdParam });
export const ZEventTypeWebhookParams = ZEventTypeWebhooksParams.extend({ webhookId: ZIdParam });
export const ZTeamEventTypeWebhooksParams = z.object({ teamId: ZIdParam, eventTypeId: ZIdParam });
export const ZTeamEventTypeWebhookParams = ZTeamEventTypeWebhooksParams.extend({ webhookId: ZIdParam });
export const ZMessageIdParam = z.string().regex(/^msg_[A-Za-z0-9]{1,64}$/, "Not a webhook message id");

export const ZListWebhooksQuery = ZPaginationQuery;
export const ZListDeliveriesQuery = z.object({ take: ZPaginationQuery.shape.take.describe("Attempts to return, newest first") }).partial();
