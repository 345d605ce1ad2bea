-- The every-minute job of server/db/table-statistics.ts.
SELECT pgboss.create_queue('db.refresh-statistics', '{"policy":"standard"}');
