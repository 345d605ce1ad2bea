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
