-- AlterTable
ALTER TABLE "DomainEvent" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;
