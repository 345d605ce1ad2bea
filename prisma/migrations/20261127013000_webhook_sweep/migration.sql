-- The cron job of server/webhooks/webhook-sweep.ts: messages whose attempt job the queue gave up on.
SELECT pgboss.create_queue('webhook.sweep', '{"policy":"standard"}');
