-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "JobType" ADD VALUE 'UPLOAD_THERMA_SCAN';
ALTER TYPE "JobType" ADD VALUE 'DOWNLOAD_PARTICIPANTS_REPORT';

-- CreateTable
CREATE TABLE "RealtimeFeedback" (
    "id" SERIAL NOT NULL,
    "reviewerId" INTEGER NOT NULL,
    "revieweeId" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "hasBeenViewedByReviewee" BOOLEAN NOT NULL DEFAULT false,
    "viewedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RealtimeFeedback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ThermaScanEntry" (
    "id" SERIAL NOT NULL,
    "participantId" INTEGER NOT NULL,
    "jobId" INTEGER,
    "engagement" INTEGER NOT NULL,
    "wellbeing" INTEGER NOT NULL,
    "workload" INTEGER NOT NULL,
    "flightRisk" TEXT NOT NULL,
    "comment" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ThermaScanEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RealtimeFeedback_revieweeId_createdAt_idx" ON "RealtimeFeedback"("revieweeId", "createdAt");

-- CreateIndex
CREATE INDEX "RealtimeFeedback_reviewerId_createdAt_idx" ON "RealtimeFeedback"("reviewerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ThermaScanEntry_participantId_key" ON "ThermaScanEntry"("participantId");

-- CreateIndex
CREATE INDEX "ThermaScanEntry_jobId_idx" ON "ThermaScanEntry"("jobId");

-- AddForeignKey
ALTER TABLE "RealtimeFeedback" ADD CONSTRAINT "RealtimeFeedback_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RealtimeFeedback" ADD CONSTRAINT "RealtimeFeedback_revieweeId_fkey" FOREIGN KEY ("revieweeId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThermaScanEntry" ADD CONSTRAINT "ThermaScanEntry_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThermaScanEntry" ADD CONSTRAINT "ThermaScanEntry_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE SET NULL ON UPDATE CASCADE;
