-- The common booking's batch (server/bookings/write-free-slot.ts) checks in SQL what the code before it no longer
-- reads, and a failed check must end the batch: SQL alone cannot stop half way. This raises `sqlstate` with `message`
-- unless `is_true`, so the batch's implicit transaction rolls back; the caller tells the checks apart by their SQLSTATE:
-- CV412, a host out of office near the slot (it may move the slot grid: the whole check runs, with absences read);
-- CV413, the event type's row changed since this instance kept it (the booking reads it again).
CREATE FUNCTION convene_require(is_true boolean, sqlstate text, message text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT is_true THEN
    RAISE EXCEPTION USING ERRCODE = sqlstate, MESSAGE = message;
  END IF;
END
$$;
