-- AlterTable
ALTER TABLE "EventType" ADD COLUMN     "bookingFields" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "bookingFieldsResponses" JSONB NOT NULL DEFAULT '{}';
