-- CreateEnum
CREATE TYPE "AttributeKind" AS ENUM ('CATEGORY', 'DATE', 'NUMBER');

-- CreateEnum
CREATE TYPE "AttributeVisibility" AS ENUM ('HR', 'SUPER_ADMINS');

-- CreateTable
CREATE TABLE "AttributeDefinition" (
    "id" SERIAL NOT NULL,
    "key" TEXT,
    "name" TEXT NOT NULL,
    "kind" "AttributeKind" NOT NULL,
    "visibility" "AttributeVisibility" NOT NULL DEFAULT 'HR',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AttributeDefinition_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AttributeDefinition_key_key" ON "AttributeDefinition"("key");

-- The built-in attributes (issue 29, ADR 0103): level, location, department and start date read the User columns;
-- gender and employment type get their values with the attribute values to come. Renamable, not deletable.
INSERT INTO "AttributeDefinition" ("key", "name", "kind", "updatedAt") VALUES
    ('gender', 'Gender', 'CATEGORY', CURRENT_TIMESTAMP),
    ('start_date', 'Start date', 'DATE', CURRENT_TIMESTAMP),
    ('level', 'Level', 'CATEGORY', CURRENT_TIMESTAMP),
    ('location', 'Location', 'CATEGORY', CURRENT_TIMESTAMP),
    ('department', 'Department', 'CATEGORY', CURRENT_TIMESTAMP),
    ('employment_type', 'Employment type', 'CATEGORY', CURRENT_TIMESTAMP);
