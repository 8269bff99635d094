import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { PageIssue } from "~/features/questionnaires/validation";
import css from "~/features/questionnaires/components/questionnaires.module.css";

/**
 * Where a problem is, in the reader's language: the JSON path with its reviewer type and field names as they are
 * written in the JSON ("PEER › question 2 › options"), the positions as words ("question 2", "item 1").
 */
export function issuePlace(t: TFunction, path: ReadonlyArray<string | number>): string {
  return path
    .map((p, i) =>
      typeof p === "number" ? (i === 1 ? t("questionnaires.builder.question", { n: p + 1 }) : t("questionnaires.builder.item", { n: p + 1 })) : p,
    )
    .join(" › ");
}

/** The questionnaire's problems as a list (at most 50): the place in bold, then the message. */
export function IssueList({ issues, itemTestId }: { issues: readonly PageIssue[]; itemTestId?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={css.issues}>
      {issues.slice(0, 50).map((issue, i) => {
        const where = issuePlace(t, issue.path);
        return (
          <li key={i} data-testid={itemTestId}>
            {where ? <strong>{t("questionnaires.builder.where", { where })}</strong> : null}
            {t(issue.key, issue.values ?? {})}
          </li>
        );
      })}
    </ul>
  );
}
