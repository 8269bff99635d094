-- Name/email search of users and participants (`q`) through a trigram index (docs/decisions/0037-trigram-search-indexes.md).
-- Edited by hand after `db:migrate:create`: the extension, and the column as a generated column (schema.prisma
-- declares it `@default(dbgenerated()) @ignore`, which Prisma never migrates). pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database owner may create it. PGlite loads it in app/platform/pglite.server.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "searchText" TEXT NOT NULL GENERATED ALWAYS AS (lower("name") || E'\n' || lower("email")) STORED;

-- CreateIndex
CREATE INDEX "User_searchText_trgm_idx" ON "User" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_name_email_idx" ON "User"("name", "email");
