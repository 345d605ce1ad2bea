-- AlterTable
ALTER TABLE "BookingReference" ADD COLUMN     "externalCalendarId" TEXT;

-- CreateIndex
CREATE INDEX "SelectedCalendar_credentialId_idx" ON "SelectedCalendar"("credentialId");
