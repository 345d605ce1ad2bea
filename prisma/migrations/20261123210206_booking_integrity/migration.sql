-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "idempotencyFingerprint" TEXT;

-- AlterTable
ALTER TABLE "Attendee" ADD COLUMN     "phoneNumber" TEXT;

-- CreateIndex
CREATE INDEX "Booking_idempotencyKey_idx" ON "Booking"("idempotencyKey");

-- Hand-written (the schema language has no CHECK constraints). Booking times are bounded to what every
-- read can turn back into a timestamp (JavaScript reads no year past 9999; an end in year 10000 made every
-- read of its host fail). Rows outside the range could only come from that defect and no read could serve
-- them: they are removed, then no write path can commit another.
DELETE FROM "Booking" WHERE "start" < '1970-01-01T00:00:00Z' OR "end" >= '2201-01-01T00:00:00Z';
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_time_range" CHECK ("start" >= '1970-01-01T00:00:00Z' AND "end" < '2201-01-01T00:00:00Z');
ALTER TABLE "BookingHost" ADD CONSTRAINT "BookingHost_time_range" CHECK ("start" >= '1970-01-01T00:00:00Z' AND "end" < '2201-01-01T00:00:00Z');
