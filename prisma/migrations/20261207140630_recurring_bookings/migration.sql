-- AlterTable
ALTER TABLE "EventType" ADD COLUMN     "recurrence" JSONB;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "recurringBookingUid" TEXT;

-- CreateIndex
CREATE INDEX "Booking_recurringBookingUid_idx" ON "Booking"("recurringBookingUid");
