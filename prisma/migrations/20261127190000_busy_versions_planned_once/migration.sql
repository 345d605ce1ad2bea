-- Hand-written. bump_host_busy_versions (20261124052505_host_busy_versions) runs in every transaction that changes a
-- host's booked time, from the BookingHost and Booking triggers. As a LANGUAGE sql function its INSERT was parsed and
-- planned again on every call (PostgreSQL keeps no plan for a SQL function's statements between calls): 85 µs a call
-- on an idle server, 0.24 ms of each booking's insert under the bench's load. In plpgsql the INSERT is planned once
-- per connection. Same statement, same locking order (user id), same effect.
CREATE OR REPLACE FUNCTION "bump_host_busy_versions"(hosts int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "HostBusyVersion" ("userId", version)
  SELECT DISTINCT h, 1 FROM unnest(hosts) AS h WHERE h IS NOT NULL ORDER BY h
  ON CONFLICT ("userId") DO UPDATE SET version = "HostBusyVersion".version + 1;
END $$;
