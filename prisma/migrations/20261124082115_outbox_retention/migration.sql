-- CreateIndex
CREATE INDEX "WebhookMessage_createdAt_idx" ON "WebhookMessage"("createdAt");

-- CreateIndex
CREATE INDEX "DomainEvent_occurredAt_idx" ON "DomainEvent"("occurredAt");

-- The hourly prune job of server/events/outbox-retention.ts.
SELECT pgboss.create_queue('outbox.prune', '{"policy":"standard"}');
