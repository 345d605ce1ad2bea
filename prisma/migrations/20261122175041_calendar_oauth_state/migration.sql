-- CreateTable
CREATE TABLE "CalendarOAuthState" (
    "id" SERIAL NOT NULL,
    "nonceHash" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "calendar" TEXT NOT NULL,
    "redir" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalendarOAuthState_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CalendarOAuthState_nonceHash_key" ON "CalendarOAuthState"("nonceHash");

-- CreateIndex
CREATE INDEX "CalendarOAuthState_expiresAt_idx" ON "CalendarOAuthState"("expiresAt");

-- AddForeignKey
ALTER TABLE "CalendarOAuthState" ADD CONSTRAINT "CalendarOAuthState_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
