-- Webhook delivery order (server/webhooks/webhook-ordering.ts): each domain event's commit-order sequence, and each
-- message's booking key and its event's sequence.
-- AlterTable
ALTER TABLE "WebhookMessage" ADD COLUMN     "orderingKey" TEXT,
ADD COLUMN     "sequence" BIGINT;

-- AlterTable
ALTER TABLE "DomainEvent" ADD COLUMN     "sequence" BIGSERIAL NOT NULL;

-- CreateIndex
CREATE INDEX "WebhookMessage_webhookId_orderingKey_sequence_idx" ON "WebhookMessage"("webhookId", "orderingKey", "sequence");
