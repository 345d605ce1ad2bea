-- AlterTable
ALTER TABLE "EventType" ADD COLUMN     "disableCancelling" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "disableRescheduling" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "minimumCancellationNotice" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "minimumRescheduleNotice" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "manageNonce" TEXT;
