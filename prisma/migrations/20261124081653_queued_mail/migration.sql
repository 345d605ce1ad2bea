-- CreateTable
CREATE TABLE "QueuedMail" (
    "id" SERIAL NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QueuedMail_pkey" PRIMARY KEY ("id")
);

-- The job that sends them (server/mail/mail-queue.ts): its queue exists before any change enqueues one.
SELECT pgboss.create_queue('mail.send', '{"policy":"standard"}');
