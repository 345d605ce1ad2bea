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

-- The common booking decides on this instance's copy of its event type's row (server/bookings/kept-bookable-rows.ts)
-- and sends no read for it: its batch builds the row again and compares hashes first. This raises when they differ
-- (the event type, a host, a schedule or a webhook changed), so the batch rolls back and the booking reads the row.
CREATE FUNCTION convene_require_same_row(is_same boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT is_same THEN
    RAISE EXCEPTION 'the event type changed since this instance read it: read it again' USING ERRCODE = 'CV413';
  END IF;
END
$$;
