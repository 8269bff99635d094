-- CreateEnum
CREATE TYPE "PanelStatus" AS ENUM ('ADMIN_APPROVED', 'MANAGER_APPROVED');

-- CreateEnum
CREATE TYPE "PeerRequestStatus" AS ENUM ('REQUESTED', 'ACCEPTED', 'DECLINED');

-- AlterTable
ALTER TABLE "Participant" ADD COLUMN     "panelStatus" "PanelStatus" NOT NULL DEFAULT 'ADMIN_APPROVED';

-- AlterTable
ALTER TABLE "PromotionNomination" ADD COLUMN     "nominatedById" INTEGER,
ADD COLUMN     "rationale" TEXT;

-- CreateTable
CREATE TABLE "PeerRequest" (
    "id" SERIAL NOT NULL,
    "cycleId" INTEGER NOT NULL,
    "participantId" INTEGER NOT NULL,
    "reviewerId" INTEGER NOT NULL,
    "status" "PeerRequestStatus" NOT NULL DEFAULT 'REQUESTED',
    "requestedById" INTEGER,
    "respondedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PeerRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PeerRequest_cycleId_reviewerId_idx" ON "PeerRequest"("cycleId", "reviewerId");

-- CreateIndex
CREATE INDEX "PeerRequest_reviewerId_idx" ON "PeerRequest"("reviewerId");

-- CreateIndex
CREATE INDEX "PeerRequest_requestedById_idx" ON "PeerRequest"("requestedById");

-- CreateIndex
CREATE UNIQUE INDEX "PeerRequest_participantId_reviewerId_key" ON "PeerRequest"("participantId", "reviewerId");

-- CreateIndex
CREATE INDEX "PromotionNomination_nominatedById_idx" ON "PromotionNomination"("nominatedById");

-- AddForeignKey
ALTER TABLE "PromotionNomination" ADD CONSTRAINT "PromotionNomination_nominatedById_fkey" FOREIGN KEY ("nominatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PeerRequest" ADD CONSTRAINT "PeerRequest_cycleId_fkey" FOREIGN KEY ("cycleId") REFERENCES "Cycle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PeerRequest" ADD CONSTRAINT "PeerRequest_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PeerRequest" ADD CONSTRAINT "PeerRequest_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PeerRequest" ADD CONSTRAINT "PeerRequest_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
