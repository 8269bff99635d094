-- AlterTable
ALTER TABLE "CalibrationComment" ADD COLUMN     "bodyCode" JSONB;

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "messageCode" JSONB;
