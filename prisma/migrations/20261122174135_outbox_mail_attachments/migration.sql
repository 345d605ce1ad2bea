-- AlterTable
ALTER TABLE "OutboxMail" ADD COLUMN     "attachments" JSONB NOT NULL DEFAULT '[]';
