-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "attributes" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "RoutingForm" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "userId" INTEGER NOT NULL,
    "teamId" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 0,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "fields" JSONB NOT NULL DEFAULT '[]',
    "routes" JSONB NOT NULL DEFAULT '[]',
    "settings" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RoutingForm_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoutingFormResponse" (
    "id" SERIAL NOT NULL,
    "formId" TEXT NOT NULL,
    "formFillerId" TEXT NOT NULL,
    "response" JSONB NOT NULL,
    "chosenRouteId" TEXT,
    "routedTeamMemberIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "routedToBookingUid" TEXT,
    "noBookingNotifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RoutingFormResponse_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RoutingForm_userId_idx" ON "RoutingForm"("userId");

-- CreateIndex
CREATE INDEX "RoutingForm_teamId_idx" ON "RoutingForm"("teamId");

-- CreateIndex
CREATE UNIQUE INDEX "RoutingFormResponse_routedToBookingUid_key" ON "RoutingFormResponse"("routedToBookingUid");

-- CreateIndex
CREATE INDEX "RoutingFormResponse_formId_createdAt_idx" ON "RoutingFormResponse"("formId", "createdAt");

-- AddForeignKey
ALTER TABLE "RoutingForm" ADD CONSTRAINT "RoutingForm_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoutingForm" ADD CONSTRAINT "RoutingForm_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoutingFormResponse" ADD CONSTRAINT "RoutingFormResponse_formId_fkey" FOREIGN KEY ("formId") REFERENCES "RoutingForm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: FORM_SUBMITTED_NO_EVENT is checked by a job due a while after each submission (server/routing-forms).
SELECT pgboss.create_queue('routing-form.no-booking', '{"policy":"standard"}');
