-- CreateEnum
CREATE TYPE "Role" AS ENUM ('SUPER_ADMIN', 'PEOPLE_PARTNER', 'HR_OPS', 'EMPLOYEE');

-- CreateEnum
CREATE TYPE "CycleState" AS ENUM ('DRAFT', 'START', 'SPU_FEEDBACK', 'MANAGER_FEEDBACK', 'CALIBRATION', 'COMMUNICATION');

-- CreateEnum
CREATE TYPE "CalibrationKind" AS ENUM ('RATING', 'PROMOTION');

-- CreateEnum
CREATE TYPE "SessionMemberRole" AS ENUM ('ADMIN', 'PANELIST', 'SIGN_OFF');

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'EMPLOYEE',
    "profileImageUrl" TEXT,
    "jobTitle" TEXT,
    "department" TEXT,
    "location" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "managerId" INTEGER,
    "secondaryManagerId" INTEGER,
    "hrPartnerId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Cycle" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "state" "CycleState" NOT NULL DEFAULT 'DRAFT',
    "startDate" DATE,
    "plannedEndDate" DATE,
    "maxPeers" INTEGER NOT NULL DEFAULT 10,
    "workflowId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Cycle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Participant" (
    "id" SERIAL NOT NULL,
    "cycleId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "managerId" INTEGER,
    "secondaryManagerId" INTEGER,
    "hrPartnerId" INTEGER,
    "reviewerOnly" BOOLEAN NOT NULL DEFAULT false,
    "calibratedRating" TEXT,
    "promotionDecision" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Participant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalibrationSession" (
    "id" SERIAL NOT NULL,
    "cycleId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "CalibrationKind" NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'draft',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CalibrationSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalibrationSessionMember" (
    "id" SERIAL NOT NULL,
    "sessionId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "role" "SessionMemberRole" NOT NULL,

    CONSTRAINT "CalibrationSessionMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PromotionNomination" (
    "id" SERIAL NOT NULL,
    "participantId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'nominated',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PromotionNomination_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Endorsement" (
    "id" SERIAL NOT NULL,
    "nominationId" INTEGER NOT NULL,
    "endorserId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'requested',
    "outcome" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Endorsement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Coachmark" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "coachmarkType" TEXT NOT NULL,
    "isDismissed" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Coachmark_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserFeedback" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "hasLiked" BOOLEAN NOT NULL,
    "text" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserFeedback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditRecord" (
    "id" SERIAL NOT NULL,
    "actorId" INTEGER,
    "realActorId" INTEGER,
    "source" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditRecord_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_managerId_idx" ON "User"("managerId");

-- CreateIndex
CREATE INDEX "User_secondaryManagerId_idx" ON "User"("secondaryManagerId");

-- CreateIndex
CREATE INDEX "User_hrPartnerId_idx" ON "User"("hrPartnerId");

-- CreateIndex
CREATE UNIQUE INDEX "Cycle_workflowId_key" ON "Cycle"("workflowId");

-- CreateIndex
CREATE INDEX "Participant_managerId_idx" ON "Participant"("managerId");

-- CreateIndex
CREATE INDEX "Participant_hrPartnerId_idx" ON "Participant"("hrPartnerId");

-- CreateIndex
CREATE UNIQUE INDEX "Participant_cycleId_userId_key" ON "Participant"("cycleId", "userId");

-- CreateIndex
CREATE INDEX "CalibrationSession_cycleId_idx" ON "CalibrationSession"("cycleId");

-- CreateIndex
CREATE INDEX "CalibrationSessionMember_userId_idx" ON "CalibrationSessionMember"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "CalibrationSessionMember_sessionId_userId_role_key" ON "CalibrationSessionMember"("sessionId", "userId", "role");

-- CreateIndex
CREATE UNIQUE INDEX "PromotionNomination_participantId_key" ON "PromotionNomination"("participantId");

-- CreateIndex
CREATE INDEX "Endorsement_endorserId_idx" ON "Endorsement"("endorserId");

-- CreateIndex
CREATE UNIQUE INDEX "Endorsement_nominationId_endorserId_key" ON "Endorsement"("nominationId", "endorserId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Coachmark_userId_coachmarkType_key" ON "Coachmark"("userId", "coachmarkType");

-- CreateIndex
CREATE INDEX "UserFeedback_userId_idx" ON "UserFeedback"("userId");

-- CreateIndex
CREATE INDEX "AuditRecord_createdAt_idx" ON "AuditRecord"("createdAt");

-- CreateIndex
CREATE INDEX "AuditRecord_entityType_entityId_idx" ON "AuditRecord"("entityType", "entityId");

-- CreateIndex
CREATE INDEX "AuditRecord_actorId_idx" ON "AuditRecord"("actorId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_managerId_fkey" FOREIGN KEY ("managerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_secondaryManagerId_fkey" FOREIGN KEY ("secondaryManagerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_hrPartnerId_fkey" FOREIGN KEY ("hrPartnerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_cycleId_fkey" FOREIGN KEY ("cycleId") REFERENCES "Cycle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_managerId_fkey" FOREIGN KEY ("managerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_secondaryManagerId_fkey" FOREIGN KEY ("secondaryManagerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_hrPartnerId_fkey" FOREIGN KEY ("hrPartnerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationSession" ADD CONSTRAINT "CalibrationSession_cycleId_fkey" FOREIGN KEY ("cycleId") REFERENCES "Cycle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationSessionMember" ADD CONSTRAINT "CalibrationSessionMember_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CalibrationSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationSessionMember" ADD CONSTRAINT "CalibrationSessionMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PromotionNomination" ADD CONSTRAINT "PromotionNomination_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Endorsement" ADD CONSTRAINT "Endorsement_nominationId_fkey" FOREIGN KEY ("nominationId") REFERENCES "PromotionNomination"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Endorsement" ADD CONSTRAINT "Endorsement_endorserId_fkey" FOREIGN KEY ("endorserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Coachmark" ADD CONSTRAINT "Coachmark_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserFeedback" ADD CONSTRAINT "UserFeedback_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditRecord" ADD CONSTRAINT "AuditRecord_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditRecord" ADD CONSTRAINT "AuditRecord_realActorId_fkey" FOREIGN KEY ("realActorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
