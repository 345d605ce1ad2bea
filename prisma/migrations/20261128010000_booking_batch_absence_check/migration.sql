-- The common booking's batch (server/bookings/write-free-slot.ts) now also decides what the check before it no longer
-- reads: whether a host has an out-of-office period near the slot. Such a period can move the slot grid, which SQL
-- does not compute, so the batch does not refuse the slot: it raises SQLSTATE CV412, its implicit transaction rolls
-- back, and the booking runs the whole check first (with the absences read) before writing.
CREATE FUNCTION convene_require_no_absence(is_clear boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT is_clear THEN
    RAISE EXCEPTION 'a host is out of office near this slot: the slot must be checked with the absence' USING ERRCODE = 'CV412';
  END IF;
END
$$;
