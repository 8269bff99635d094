-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "JobType" ADD VALUE 'IMPORT_DIRECTORY';
ALTER TYPE "JobType" ADD VALUE 'EXPORT_PERSON';
ALTER TYPE "JobType" ADD VALUE 'ERASE_PERSON';

-- AlterTable
ALTER TABLE "AuditRecord" ADD COLUMN     "actorLabel" TEXT;

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "params" JSONB,
ADD COLUMN     "subjectUserId" INTEGER,
ALTER COLUMN "cycleId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "deactivatedAt" TIMESTAMP(3),
ADD COLUMN     "employeeNumber" TEXT,
ADD COLUMN     "erasedAt" TIMESTAMP(3),
ADD COLUMN     "scimExternalId" TEXT,
ADD COLUMN     "scimId" TEXT,
ADD COLUMN     "startDate" DATE;

-- CreateTable
CREATE TABLE "DirectoryStagedRow" (
    "jobId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "email" TEXT,
    "name" TEXT,
    "role" "Role",
    "jobTitle" TEXT,
    "department" TEXT,
    "level" TEXT,
    "location" TEXT,
    "managerEmail" TEXT,
    "secondaryManagerEmail" TEXT,
    "hrPartnerEmail" TEXT,
    "startDate" DATE,
    "employeeNumber" TEXT,
    "active" BOOLEAN,
    "errors" JSONB,
    "done" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "DirectoryStagedRow_pkey" PRIMARY KEY ("jobId","seq")
);

-- CreateTable
CREATE TABLE "ScimToken" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ScimToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScimGroup" (
    "id" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "externalId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ScimGroup_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DirectoryStagedRow_jobId_email_idx" ON "DirectoryStagedRow"("jobId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "ScimToken_tokenHash_key" ON "ScimToken"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "ScimGroup_displayName_key" ON "ScimGroup"("displayName");

-- CreateIndex
CREATE UNIQUE INDEX "ScimGroup_role_key" ON "ScimGroup"("role");

-- CreateIndex
CREATE INDEX "Job_type_createdAt_idx" ON "Job"("type", "createdAt");

-- CreateIndex
CREATE INDEX "Job_subjectUserId_idx" ON "Job"("subjectUserId");

-- CreateIndex
CREATE UNIQUE INDEX "User_employeeNumber_key" ON "User"("employeeNumber");

-- CreateIndex
CREATE UNIQUE INDEX "User_scimId_key" ON "User"("scimId");

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_subjectUserId_fkey" FOREIGN KEY ("subjectUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DirectoryStagedRow" ADD CONSTRAINT "DirectoryStagedRow_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScimToken" ADD CONSTRAINT "ScimToken_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
