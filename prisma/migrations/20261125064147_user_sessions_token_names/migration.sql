-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "name" TEXT NOT NULL DEFAULT 'API token',
ADD COLUMN     "prefix" TEXT;

-- CreateTable
CREATE TABLE "UserSession" (
    "id" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "realUserId" INTEGER,
    "signedInAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UserSession_userId_idx" ON "UserSession"("userId");

-- CreateIndex
CREATE INDEX "UserSession_realUserId_idx" ON "UserSession"("realUserId");

-- CreateIndex
CREATE INDEX "ApiToken_realUserId_idx" ON "ApiToken"("realUserId");

-- AddForeignKey
ALTER TABLE "UserSession" ADD CONSTRAINT "UserSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserSession" ADD CONSTRAINT "UserSession_realUserId_fkey" FOREIGN KEY ("realUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Name the tokens made before names were kept, after how they were made. Their hashes stay as they are: the
-- tokens were always stored as SHA-256 only (ADR 0039), so there is no plain token to hash here.
UPDATE "ApiToken" SET "name" = CASE WHEN "provider" = 'spoof' THEN 'Viewing as another user' ELSE 'Sign-in (' || "provider" || ')' END;
