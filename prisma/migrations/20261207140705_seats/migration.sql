-- AlterTable
ALTER TABLE "EventType" ADD COLUMN     "seatsPerTimeSlot" INTEGER,
ADD COLUMN     "seatsShowAttendees" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "seatsShowAvailabilityCount" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "seatCapacity" INTEGER,
ADD COLUMN     "seatsTaken" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "BookingSeat" (
    "id" SERIAL NOT NULL,
    "uid" TEXT NOT NULL,
    "bookingId" INTEGER NOT NULL,
    "attendeeId" INTEGER NOT NULL,
    "bookingFieldsResponses" JSONB NOT NULL DEFAULT '{}',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "idempotencyKey" TEXT,
    "idempotencyFingerprint" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BookingSeat_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BookingSeat_uid_key" ON "BookingSeat"("uid");

-- CreateIndex
CREATE UNIQUE INDEX "BookingSeat_attendeeId_key" ON "BookingSeat"("attendeeId");

-- CreateIndex
CREATE INDEX "BookingSeat_bookingId_idx" ON "BookingSeat"("bookingId");

-- CreateIndex
CREATE INDEX "BookingSeat_idempotencyKey_idx" ON "BookingSeat"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "BookingSeat_bookingId_idempotencyKey_key" ON "BookingSeat"("bookingId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "BookingSeat" ADD CONSTRAINT "BookingSeat_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BookingSeat" ADD CONSTRAINT "BookingSeat_attendeeId_fkey" FOREIGN KEY ("attendeeId") REFERENCES "Attendee"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the database's own guarantee that a seated booking is never over-filled, whichever statement writes
-- seatsTaken (server/bookings/create/seats.ts takes a seat with a conditional update; this is its backstop).
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_seats_within_capacity"
  CHECK ("seatsTaken" >= 0 AND ("seatCapacity" IS NULL OR ("seatCapacity" >= 1 AND "seatsTaken" <= "seatCapacity")));
ALTER TABLE "EventType" ADD CONSTRAINT "EventType_seats_positive" CHECK ("seatsPerTimeSlot" IS NULL OR "seatsPerTimeSlot" >= 1);
