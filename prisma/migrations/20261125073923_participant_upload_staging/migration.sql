-- CreateTable
CREATE TABLE "JobStagedBatch" (
    "jobId" INTEGER NOT NULL,
    "firstSeq" INTEGER NOT NULL,
    "lastSeq" INTEGER NOT NULL,
    "rowNumbers" INTEGER[],
    "emailKeys" TEXT[],
    "emails" TEXT[],
    "managerEmails" TEXT[],
    "secondaryManagerEmails" TEXT[],
    "hrPartnerEmails" TEXT[],
    "reviewerOnly" BOOLEAN[],
    "errors" JSONB,

    CONSTRAINT "JobStagedBatch_pkey" PRIMARY KEY ("jobId","firstSeq")
);

-- AddForeignKey
ALTER TABLE "JobStagedBatch" ADD CONSTRAINT "JobStagedBatch_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Users by lower-case email (hand-written: Prisma cannot model an expression index). The participant upload job
-- (ADR 0038) resolves each row's emails with one probe of this index: exact email first, else case-insensitively.
CREATE INDEX "User_lower_email_idx" ON "User" (lower("email"));
