-- Hand-written (the schema language has no CHECK constraints). A resource owned by a user or a team names
-- exactly one owner: a row naming both would be reachable through both tenancy paths, a row naming neither
-- through none (event-type-access.ts and the other query builders read one owner column at a time).
-- No write path ever made such rows; should one exist, a team-owned event type keeps its team (its userId
-- was never an owner), and ownerless rows, unreachable by anyone, are removed.
UPDATE "EventType" SET "userId" = NULL WHERE "userId" IS NOT NULL AND "teamId" IS NOT NULL;
DELETE FROM "EventType" WHERE "userId" IS NULL AND "teamId" IS NULL;
ALTER TABLE "EventType" ADD CONSTRAINT "EventType_one_owner" CHECK (num_nonnulls("userId", "teamId") = 1);

-- A webhook subscribes at one level: the account (userId), one event type (eventTypeId) or a team (teamId).
DELETE FROM "Webhook" WHERE num_nonnulls("userId", "eventTypeId", "teamId") <> 1;
ALTER TABLE "Webhook" ADD CONSTRAINT "Webhook_one_owner" CHECK (num_nonnulls("userId", "eventTypeId", "teamId") = 1);
