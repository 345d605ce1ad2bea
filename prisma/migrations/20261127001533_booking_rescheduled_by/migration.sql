-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "rescheduledByEmail" TEXT;
