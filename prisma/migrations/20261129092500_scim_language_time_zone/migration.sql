-- AlterTable
ALTER TABLE "User" ADD COLUMN     "scimPreferredLanguage" TEXT,
ADD COLUMN     "scimTimeZone" TEXT;
