-- CreateEnum
CREATE TYPE "BookingWindowType" AS ENUM ('CALENDAR_DAYS', 'BUSINESS_DAYS', 'RANGE');

-- AlterTable
ALTER TABLE "EventType"
ADD COLUMN     "bookingLimitsCount" JSONB,
ADD COLUMN     "bookingLimitsDuration" JSONB,
ADD COLUMN     "bookingWindowDays" INTEGER,
ADD COLUMN     "bookingWindowEnd" DATE,
ADD COLUMN     "bookingWindowRolling" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "bookingWindowStart" DATE,
ADD COLUMN     "bookingWindowType" "BookingWindowType",
ADD COLUMN     "color" JSONB,
ADD COLUMN     "confirmationNoticeCount" INTEGER,
ADD COLUMN     "confirmationNoticeUnit" TEXT,
ADD COLUMN     "customName" TEXT,
ADD COLUMN     "disableGuests" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "onlyShowFirstAvailableSlot" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "successRedirectUrl" TEXT;

-- Existing windows were calendar days without rolling (periodDays); they keep their meaning.
UPDATE "EventType" SET "bookingWindowType" = 'CALENDAR_DAYS', "bookingWindowDays" = "periodDays" WHERE "periodDays" IS NOT NULL;

ALTER TABLE "EventType" DROP COLUMN "periodDays";
