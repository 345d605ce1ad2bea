-- AlterTable
ALTER TABLE "BookingReference" ADD COLUMN     "meetingApp" TEXT;

-- CreateTable
CREATE TABLE "ConferencingDefault" (
    "userId" INTEGER NOT NULL,
    "app" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConferencingDefault_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE INDEX "BookingReference_type_externalId_idx" ON "BookingReference"("type", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "BookingReference_bookingId_meetingApp_key" ON "BookingReference"("bookingId", "meetingApp");

-- AddForeignKey
ALTER TABLE "ConferencingDefault" ADD CONSTRAINT "ConferencingDefault_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The conferencing subscriber's queue (server/events/domain-events.ts SUBSCRIBERS).
SELECT pgboss.create_queue('event.conferencing', '{"policy":"standard"}');
