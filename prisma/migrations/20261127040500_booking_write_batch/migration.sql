-- POST /v2/bookings on a free slot writes in one round trip (server/bookings/write-free-slot.ts): the host lock, the
-- check under it and the inserts travel as one batch of statements, which SQL alone cannot stop half way. This raises
-- when the check under the lock found a host taken, so the batch's implicit transaction rolls back; SQLSTATE CV409 is
-- answered 409 like a taken slot.
CREATE FUNCTION convene_require_free_slot(is_free boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT is_free THEN
    RAISE EXCEPTION 'the slot was taken while this booking waited for its hosts'' locks' USING ERRCODE = 'CV409';
  END IF;
END
$$;

-- Round robin (server/bookings/round-robin.ts): the first of `ranked` (best first) whose advisory lock (namespace,
-- host id) is free, taken without waiting, in ONE round trip instead of one per host. Hosts with a live booking over
-- [slot_start, slot_end) are passed over without a lock (a committed booking does not go away by itself); the caller
-- checks the host it got under its lock as before. `held`: the hosts passed over because another request held them.
CREATE FUNCTION convene_try_lock_first_host(namespace int, ranked int[], slot_start timestamp, slot_end timestamp, OUT host int, OUT held int[])
LANGUAGE plpgsql AS $$
DECLARE
  candidate int;
BEGIN
  held := '{}';
  FOREACH candidate IN ARRAY ranked LOOP
    CONTINUE WHEN EXISTS (
      SELECT 1 FROM "BookingHost" bh JOIN "Booking" b ON b.id = bh."bookingId"
       WHERE bh."userId" = candidate AND bh."isLive" AND b.status IN ('ACCEPTED', 'PENDING')
         AND tsrange(bh.start, bh."end") && tsrange(slot_start, slot_end));
    IF pg_try_advisory_xact_lock(namespace, candidate) THEN
      host := candidate;
      RETURN;
    END IF;
    held := held || candidate;
  END LOOP;
END
$$;
