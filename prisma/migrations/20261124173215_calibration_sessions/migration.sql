-- AlterTable
ALTER TABLE "CalibrationSession" ADD COLUMN     "closedAt" TIMESTAMP(3),
ADD COLUMN     "createdById" INTEGER,
ADD COLUMN     "deadline" TIMESTAMP(3),
ADD COLUMN     "guideline" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Participant" ADD COLUMN     "proposedPotential" INTEGER,
ADD COLUMN     "proposedRating" INTEGER;

-- CreateTable
CREATE TABLE "CalibrationSessionParticipant" (
    "id" SERIAL NOT NULL,
    "sessionId" INTEGER NOT NULL,
    "participantId" INTEGER NOT NULL,
    "kind" "CalibrationKind" NOT NULL,
    "rating" INTEGER,
    "potential" INTEGER,
    "terminatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CalibrationSessionParticipant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalibrationProposal" (
    "id" SERIAL NOT NULL,
    "sessionId" INTEGER NOT NULL,
    "sessionParticipantId" INTEGER NOT NULL,
    "panelistId" INTEGER NOT NULL,
    "rating" INTEGER NOT NULL,
    "justification" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalibrationProposal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalibrationRatingChange" (
    "id" SERIAL NOT NULL,
    "sessionId" INTEGER NOT NULL,
    "sessionParticipantId" INTEGER NOT NULL,
    "field" TEXT NOT NULL,
    "oldValue" INTEGER,
    "newValue" INTEGER,
    "reason" TEXT NOT NULL,
    "changedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalibrationRatingChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalibrationComment" (
    "id" SERIAL NOT NULL,
    "sessionId" INTEGER NOT NULL,
    "sessionParticipantId" INTEGER,
    "authorId" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalibrationComment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CalibrationSessionParticipant_sessionId_idx" ON "CalibrationSessionParticipant"("sessionId");

-- CreateIndex
CREATE UNIQUE INDEX "CalibrationSessionParticipant_participantId_kind_key" ON "CalibrationSessionParticipant"("participantId", "kind");

-- CreateIndex
CREATE INDEX "CalibrationProposal_sessionParticipantId_idx" ON "CalibrationProposal"("sessionParticipantId");

-- CreateIndex
CREATE INDEX "CalibrationProposal_sessionId_idx" ON "CalibrationProposal"("sessionId");

-- CreateIndex
CREATE INDEX "CalibrationRatingChange_sessionId_idx" ON "CalibrationRatingChange"("sessionId");

-- CreateIndex
CREATE INDEX "CalibrationRatingChange_sessionParticipantId_idx" ON "CalibrationRatingChange"("sessionParticipantId");

-- CreateIndex
CREATE INDEX "CalibrationComment_sessionId_idx" ON "CalibrationComment"("sessionId");

-- CreateIndex
CREATE INDEX "CalibrationComment_sessionParticipantId_idx" ON "CalibrationComment"("sessionParticipantId");

-- AddForeignKey
ALTER TABLE "CalibrationSession" ADD CONSTRAINT "CalibrationSession_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationSessionParticipant" ADD CONSTRAINT "CalibrationSessionParticipant_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CalibrationSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationSessionParticipant" ADD CONSTRAINT "CalibrationSessionParticipant_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationProposal" ADD CONSTRAINT "CalibrationProposal_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CalibrationSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationProposal" ADD CONSTRAINT "CalibrationProposal_sessionParticipantId_fkey" FOREIGN KEY ("sessionParticipantId") REFERENCES "CalibrationSessionParticipant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationProposal" ADD CONSTRAINT "CalibrationProposal_panelistId_fkey" FOREIGN KEY ("panelistId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationRatingChange" ADD CONSTRAINT "CalibrationRatingChange_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CalibrationSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationRatingChange" ADD CONSTRAINT "CalibrationRatingChange_sessionParticipantId_fkey" FOREIGN KEY ("sessionParticipantId") REFERENCES "CalibrationSessionParticipant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationRatingChange" ADD CONSTRAINT "CalibrationRatingChange_changedById_fkey" FOREIGN KEY ("changedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationComment" ADD CONSTRAINT "CalibrationComment_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CalibrationSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationComment" ADD CONSTRAINT "CalibrationComment_sessionParticipantId_fkey" FOREIGN KEY ("sessionParticipantId") REFERENCES "CalibrationSessionParticipant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationComment" ADD CONSTRAINT "CalibrationComment_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
