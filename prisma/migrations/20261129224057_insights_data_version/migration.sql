-- CreateTable
CREATE TABLE "InsightsDataVersion" (
    "slot" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "InsightsDataVersion_pkey" PRIMARY KEY ("slot")
);

-- The insights' data version (ADR 0121), by hand (Prisma does not model functions or triggers). Every transaction
-- that writes a table the fairness insights read (their population's stages and people, the attribute definitions
-- and values, the privacy floor) adds 1 to its backend's slot once, at its commit: a deferred row trigger queued only
-- for the transaction's first such row (the WHEN function marks the transaction, `SET LOCAL`, undone with a rolled
-- back savepoint as the queued event is). The counter is an ordinary row, so a reader sees the new version exactly
-- when it sees the transaction's writes (one snapshot, one commit); the row lock is taken at commit and held only
-- while the commit completes. TRUNCATE (no row triggers) adds 1 at once.
INSERT INTO "InsightsDataVersion" ("slot", "version") SELECT s, 0 FROM generate_series(0, 15) s;

CREATE FUNCTION "insights_data_first_write"() RETURNS boolean LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
  IF current_setting('pmr.insights_data_written', true) = 'on' THEN
    RETURN false;
  END IF;
  PERFORM set_config('pmr.insights_data_written', 'on', true);
  RETURN true;
END
$fn$;

CREATE FUNCTION "insights_data_bump"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "InsightsDataVersion" ("slot", "version") VALUES (pg_backend_pid() % 16, 1)
  ON CONFLICT ("slot") DO UPDATE SET "version" = "InsightsDataVersion"."version" + 1;
  RETURN NULL;
END
$fn$;

DO $do$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['Participant', 'User', 'CalibrationSessionParticipant', 'PromotionNomination', 'Endorsement', 'PeerRequest', 'Feedback', 'PromotionVote', 'AttributeValue', 'AttributeDefinition', 'CompanySettings']
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER "insights_data_written" AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("insights_data_first_write"()) EXECUTE FUNCTION "insights_data_bump"()',
      t);
    EXECUTE format('CREATE TRIGGER "insights_data_truncated" AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "insights_data_bump"()', t);
  END LOOP;
END
$do$;
