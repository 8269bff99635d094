import { sqlRows } from "~/platform/sql.server";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import { QuestionnaireSchema } from "~/features/questionnaires/rules";
import type { QuestionnaireView } from "~/features/questionnaires/service.server";

/**
 * The questionnaire pages' read (questions, JSON builder, upload form) in ONE prepared statement (issue 27: at most 3
 * round trips a page; getQuestionnaire makes 3 or 4): the cycle's questionnaire with who saved it last, and whether
 * feedback has been given (the lock rule of service.server.ts, the same condition). The page's guard has read the
 * cycle already (404 there), so this read does not look for it again. Equal to getQuestionnaire
 * (tests/integration/questionnaire-page-reads.test.ts).
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

type Row = {
  questionnaire: {
    definition: unknown;
    version: number;
    updatedAt: string;
    updatedBy: { id: number; name: string; email: string } | null;
  } | null;
  locked: boolean;
};

const PAGE_SQL = `
SELECT
  (SELECT json_build_object('definition', q."definition", 'version', q."version", 'updatedAt', to_char(q."updatedAt", ${ISO}),
     'updatedBy', CASE WHEN u."id" IS NULL THEN NULL ELSE json_build_object('id', u."id", 'name', u."name", 'email', u."email") END)
   FROM "Questionnaire" q LEFT JOIN "User" u ON u."id" = q."updatedById" WHERE q."cycleId" = $1) AS "questionnaire",
  EXISTS (
    SELECT 1 FROM "Feedback"
    WHERE "cycleId" = $1
      AND ("status" = 'SUBMITTED' OR ("answers" IS NOT NULL AND "answers" NOT IN ('{}'::jsonb, 'null'::jsonb, '[]'::jsonb)))
  ) AS "locked"`;

/** The cycle's questionnaire as getQuestionnaire returns it, for a cycle the page's guard found. */
export async function readQuestionnairePage(cycleId: number): Promise<QuestionnaireView> {
  const [row] = await sqlRows<Row>("questionnaire_page", PAGE_SQL, [cycleId]);
  const locked = row?.locked === true;
  const q = row?.questionnaire ?? null;
  if (!q) return { cycle_id: cycleId, definition: DEFAULT_QUESTIONNAIRE, version: 0, is_default: true, locked, updated_at: null, updated_by: null };
  return {
    cycle_id: cycleId,
    // Stored definitions were validated on save; parsing again also applies the schema's trimming (as getQuestionnaire).
    definition: QuestionnaireSchema.parse(q.definition),
    version: q.version,
    is_default: false,
    locked,
    updated_at: q.updatedAt,
    updated_by: q.updatedBy,
  };
}
