-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "realUserId" INTEGER;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_realUserId_fkey" FOREIGN KEY ("realUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
