import { Alert, Card, CardContent, Link, Stack, Typography } from "~/platform/ui/static";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { NAME_GROUPS, type NameGroup, type NameVisibility, type ReviewerNames } from "~/features/cycles/reviewer-names";
import type { CycleStage } from "~/features/cycles/rules";
import { STAGE_KEYS } from "~/features/home/messages";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import css from "~/features/guidelines/general-guideline.module.css";

export type GeneralGuidelineView = {
  cycles: Array<{ id: number; name: string; state: CycleStage; names: ReviewerNames }>;
  default_names: ReviewerNames;
  admin_note: boolean;
};

/** Each group's rule on reviewers' names, one sentence a setting (cycles/reviewer-names.ts `groupRuleText`). */
const RULE_KEYS: Record<NameGroup, Record<NameVisibility, TranslationKey>> = {
  peer: { nobody: "guidelines.rule.peer.nobody", managers: "guidelines.rule.peer.managers", managers_and_calibration: "guidelines.rule.peer.managers_and_calibration" },
  upward: { nobody: "guidelines.rule.upward.nobody", managers: "guidelines.rule.upward.managers", managers_and_calibration: "guidelines.rule.upward.managers_and_calibration" },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography variant="h6" component="h2" className={css.sectionTitle}>
        {title}
      </Typography>
      {children}
    </section>
  );
}

function Rules({ names, testId }: { names: ReviewerNames; testId?: string }) {
  const { t } = useTranslation();
  return NAME_GROUPS.map((g) => (
    <Typography key={g} variant="body2" data-testid={testId}>
      {t(RULE_KEYS[g][names[g]])}
    </Typography>
  ));
}

const STRONG = [<strong key="strong" />];

/**
 * The General Guideline (issue 26 §3, §6; ADR 0058): who takes part, and each of the reader's cycles' rule on reviewers'
 * names. Static markup and CSS (issue 27, ADR 0062).
 */
export function GeneralGuidelinePage({ data }: { data: GeneralGuidelineView }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} style={{ maxWidth: 820 }} data-testid="general-guideline">
      <Typography variant="h4" component="h1">
        {t("guidelines.title")}
      </Typography>
      <Typography>{t("guidelines.intro")}</Typography>
      <Section title={t("guidelines.whoTakesPart")}>
        <ul className={css.bullets}>
          <li>
            <Trans i18nKey="guidelines.participants" components={STRONG} />
          </li>
          <li>
            <Trans i18nKey="guidelines.managers" components={STRONG} />
          </li>
          <li>
            <Trans i18nKey="guidelines.hrPartners" components={STRONG} />
          </li>
        </ul>
      </Section>
      <Section title={t("guidelines.confidentiality")}>
        <Stack spacing={2}>
          <Typography>{t("guidelines.confidentialityText")}</Typography>
          {data.cycles.length === 0 ? (
            <Card variant="outlined" data-testid="guideline-default-rule">
              <CardContent>
                <Typography variant="subtitle1" component="h3">
                  {t("guidelines.defaultRule")}
                </Typography>
                <Rules names={data.default_names} />
              </CardContent>
            </Card>
          ) : (
            data.cycles.map((c) => (
              <Card key={c.id} variant="outlined" data-testid={`guideline-cycle-${c.id}`}>
                <CardContent>
                  <Typography variant="subtitle1" component="h3">
                    {c.name}{" "}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {t("guidelines.cycleStage", { stage: t(STAGE_KEYS[c.state]) })}
                    </Typography>
                  </Typography>
                  <Rules names={c.names} testId="guideline-names-rule" />
                </CardContent>
              </Card>
            ))
          )}
        </Stack>
      </Section>
      {data.admin_note && (
        <Alert severity="info" data-testid="guideline-admin-note">
          <Trans i18nKey="guidelines.adminNote" components={[<code key="code" />]} />
        </Alert>
      )}
      <Link to="/app/home">
        {t("guidelines.backHome")}
      </Link>
    </Stack>
  );
}
