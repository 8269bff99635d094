-- CreateEnum
CREATE TYPE "NudgeScheduleKind" AS ENUM ('ONCE', 'RECURRING');

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "nudgeScheduleId" INTEGER,
ADD COLUMN     "triggerKey" TEXT;

-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "emailError" TEXT;

-- CreateTable
CREATE TABLE "NudgeSchedule" (
    "id" SERIAL NOT NULL,
    "cycleId" INTEGER NOT NULL,
    "scheduleId" TEXT NOT NULL,
    "kind" "NudgeScheduleKind" NOT NULL,
    "runAt" TIMESTAMP(3),
    "cron" TEXT,
    "timeZone" TEXT,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" TIMESTAMP(3),
    "cancelledById" INTEGER,

    CONSTRAINT "NudgeSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "NudgeSchedule_scheduleId_key" ON "NudgeSchedule"("scheduleId");

-- CreateIndex
CREATE INDEX "NudgeSchedule_cycleId_idx" ON "NudgeSchedule"("cycleId");

-- CreateIndex
CREATE INDEX "NudgeSchedule_createdById_idx" ON "NudgeSchedule"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "Job_triggerKey_key" ON "Job"("triggerKey");

-- CreateIndex
CREATE INDEX "Job_nudgeScheduleId_idx" ON "Job"("nudgeScheduleId");

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_nudgeScheduleId_fkey" FOREIGN KEY ("nudgeScheduleId") REFERENCES "NudgeSchedule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NudgeSchedule" ADD CONSTRAINT "NudgeSchedule_cycleId_fkey" FOREIGN KEY ("cycleId") REFERENCES "Cycle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NudgeSchedule" ADD CONSTRAINT "NudgeSchedule_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
