-- The queues of webhooks (server/webhooks/webhook-jobs.ts): the domain-event subscriber, and one attempt per job.
SELECT pgboss.create_queue('event.webhooks', '{"policy":"standard"}');
SELECT pgboss.create_queue('webhook.deliver', '{"policy":"standard"}');
