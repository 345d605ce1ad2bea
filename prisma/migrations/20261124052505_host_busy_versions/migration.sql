-- CreateTable
CREATE TABLE "HostBusyVersion" (
    "userId" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "HostBusyVersion_pkey" PRIMARY KEY ("userId")
);

-- Hand-written from here. Every change to a host's booked time bumps the host's HostBusyVersion in the same
-- transaction, so a cached copy of that time (server/slots/host-busy-cache.ts) is known stale by every app instance
-- from the commit on. Within a statement, versions are locked in user id order (two statements bumping overlapping
-- hosts at once wait for each other instead of deadlocking); a version row stays locked until its transaction ends.
CREATE FUNCTION "bump_host_busy_versions"(hosts int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "HostBusyVersion" ("userId", version)
  SELECT DISTINCT h, 1 FROM unnest(hosts) AS h WHERE h IS NOT NULL ORDER BY h
  ON CONFLICT ("userId") DO UPDATE SET version = "HostBusyVersion".version + 1
$$;

-- A host row added, removed or changed (isLive, times, reassignment).
CREATE FUNCTION "BookingHost_bump_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_host_busy_versions"(ARRAY(SELECT "userId" FROM changed));
  RETURN NULL;
END $$;

CREATE FUNCTION "BookingHost_bump_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_host_busy_versions"(ARRAY(SELECT "userId" FROM before UNION SELECT "userId" FROM changed));
  RETURN NULL;
END $$;

CREATE TRIGGER "BookingHost_busy_inserted" AFTER INSERT ON "BookingHost"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "BookingHost_bump_rows"();
CREATE TRIGGER "BookingHost_busy_deleted" AFTER DELETE ON "BookingHost"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "BookingHost_bump_rows"();
CREATE TRIGGER "BookingHost_busy_updated" AFTER UPDATE ON "BookingHost"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "BookingHost_bump_updated"();

-- A booking's status (only live ones take time) or event type (whose buffers widen it; SET NULL when it is deleted).
CREATE FUNCTION "Booking_bump_hosts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_host_busy_versions"(ARRAY(SELECT "userId" FROM "BookingHost" WHERE "bookingId" = NEW.id));
  RETURN NULL;
END $$;

CREATE TRIGGER "Booking_busy" AFTER UPDATE OF status, "eventTypeId" ON "Booking"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD."eventTypeId" IS DISTINCT FROM NEW."eventTypeId")
  EXECUTE FUNCTION "Booking_bump_hosts"();

-- An event type's buffers widen every booking of it.
CREATE FUNCTION "EventType_bump_hosts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_host_busy_versions"(ARRAY(
    SELECT DISTINCT bh."userId" FROM "Booking" b JOIN "BookingHost" bh ON bh."bookingId" = b.id WHERE b."eventTypeId" = NEW.id));
  RETURN NULL;
END $$;

CREATE TRIGGER "EventType_buffers" AFTER UPDATE OF "beforeEventBuffer", "afterEventBuffer" ON "EventType"
  FOR EACH ROW WHEN (OLD."beforeEventBuffer" IS DISTINCT FROM NEW."beforeEventBuffer" OR OLD."afterEventBuffer" IS DISTINCT FROM NEW."afterEventBuffer")
  EXECUTE FUNCTION "EventType_bump_hosts"();
