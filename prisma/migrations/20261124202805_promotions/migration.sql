-- AlterEnum
ALTER TYPE "JobType" ADD VALUE 'DOWNLOAD_NOMINATIONS';

-- AlterTable
ALTER TABLE "CalibrationRatingChange" ADD COLUMN     "newText" TEXT,
ADD COLUMN     "oldText" TEXT;

-- AlterTable
ALTER TABLE "CalibrationSessionParticipant" ADD COLUMN     "decision" TEXT;

-- AlterTable
ALTER TABLE "Cycle" ADD COLUMN     "endorsementDays" INTEGER NOT NULL DEFAULT 7,
ADD COLUMN     "endorsementRule" TEXT NOT NULL DEFAULT 'none';

-- AlterTable
ALTER TABLE "Endorsement" ADD COLUMN     "body" TEXT,
ADD COLUMN     "deadline" TIMESTAMP(3),
ADD COLUMN     "endorsedAt" TIMESTAMP(3),
ADD COLUMN     "rejectReason" TEXT,
ADD COLUMN     "respondedAt" TIMESTAMP(3),
ADD COLUMN     "sessionId" INTEGER,
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'session_admin';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "level" TEXT;

-- CreateTable
CREATE TABLE "PromotionVote" (
    "id" SERIAL NOT NULL,
    "sessionId" INTEGER NOT NULL,
    "sessionParticipantId" INTEGER NOT NULL,
    "panelistId" INTEGER NOT NULL,
    "vote" TEXT NOT NULL,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PromotionVote_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PromotionVote_sessionId_idx" ON "PromotionVote"("sessionId");

-- CreateIndex
CREATE UNIQUE INDEX "PromotionVote_sessionParticipantId_panelistId_key" ON "PromotionVote"("sessionParticipantId", "panelistId");

-- CreateIndex
CREATE INDEX "Endorsement_sessionId_idx" ON "Endorsement"("sessionId");

-- AddForeignKey
ALTER TABLE "PromotionVote" ADD CONSTRAINT "PromotionVote_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CalibrationSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PromotionVote" ADD CONSTRAINT "PromotionVote_sessionParticipantId_fkey" FOREIGN KEY ("sessionParticipantId") REFERENCES "CalibrationSessionParticipant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PromotionVote" ADD CONSTRAINT "PromotionVote_panelistId_fkey" FOREIGN KEY ("panelistId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Endorsement" ADD CONSTRAINT "Endorsement_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CalibrationSession"("id") ON DELETE SET NULL ON UPDATE CASCADE;
