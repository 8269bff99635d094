-- AlterTable
ALTER TABLE "User" ADD COLUMN     "scimFamilyName" TEXT,
ADD COLUMN     "scimGivenName" TEXT,
ADD COLUMN     "scimUserName" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "User_scimUserName_key" ON "User"("scimUserName");
