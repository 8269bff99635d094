-- AlterTable
ALTER TABLE "JobRowError" ADD COLUMN     "messageCode" JSONB;
