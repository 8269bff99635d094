-- AlterTable
ALTER TABLE "CompanySettings" ADD COLUMN     "insightsPrivacyFloor" INTEGER NOT NULL DEFAULT 5;
