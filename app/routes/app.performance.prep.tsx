import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert, Avatar, Card, CardContent, Chip, Stack, Typography, cx } from "~/platform/ui/static";
import css from "~/features/peer-selection/components/peer-pages.module.css";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { readMyInfo } from "~/features/peer-selection/my-info-reads.server";
import { selectedCyclePage } from "~/features/peer-selection/pages.server";
import { participantFetch } from "~/platform/page-errors.server";
import { pageTitle } from "~/platform/i18n/page-title";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";

export const handle = pageTitle("titles.profileCheck");

/** /app/performance/prep?cycle_id=: the participant's company profile in the selected cycle (GET my_info). */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await selectedCyclePage(request);
  if (page.kind !== "selected") return { kind: page.kind, message: page.message, cycles: page.cycles } as const;
  // The viewer's profile in the resolved cycle in one statement (issue 27), as GET cycles/{id}/my_info answers it.
  const info = await participantFetch(() => readMyInfo(page.current, page.cycle));
  return { kind: "selected", cycles: page.cycles, cycleId: page.cycleId, info } as const;
}

function Field({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <div className={css.field}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography data-testid={testId}>{value ?? "—"}</Typography>
    </div>
  );
}

const person = (t: TFunction, p: { name: string; email: string } | null) => (p ? t("profile.person", { name: p.name, email: p.email }) : null);

export default function CheckYourProfile() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack spacing={3} style={{ maxWidth: 900 }}>
      <CyclePageHeader title={t("profile.title")} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycleId : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind} />
      ) : !data.info ? (
        <Alert severity="info" data-testid="profile-not-participant">
          {t("profile.notParticipant")}
        </Alert>
      ) : (
        <>
          <Card variant="outlined" data-testid="profile-card">
            <CardContent>
              <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.profileHead}>
                <Avatar src={data.info.my_info.profile_image_url ?? undefined} alt={data.info.my_info.name}>
                  {data.info.my_info.name.slice(0, 1)}
                </Avatar>
                <div className={css.grow}>
                  <Typography variant="h5" component="h2" data-testid="profile-name">
                    {data.info.my_info.name}
                  </Typography>
                  <Typography color="text.secondary">{data.info.cycle.name}</Typography>
                </div>
                <CycleStageChip cycleId={data.info.cycle.id} stage={data.info.cycle.state} />
              </Stack>
              <Field label={t("profile.email")} value={data.info.my_info.email} testId="profile-email" />
              <Field label={t("profile.jobTitle")} value={data.info.my_info.job_title} testId="profile-job-title" />
              <Field label={t("profile.department")} value={data.info.my_info.department} testId="profile-department" />
              <Field label={t("profile.location")} value={data.info.my_info.location} testId="profile-location" />
              <Field label={t("profile.manager")} value={person(t, data.info.my_info.manager)} testId="profile-manager" />
              <Field label={t("profile.secondaryManager")} value={person(t, data.info.my_info.secondary_manager)} testId="profile-secondary-manager" />
              <Field label={t("profile.hrPartner")} value={person(t, data.info.my_info.hr_partner)} testId="profile-hr-partner" />
              <div className={cx(css.field, css.fieldLast)}>
                <Typography color="text.secondary">{t("profile.participation")}</Typography>
                <div>
                  <Chip
                    size="small"
                    data-testid="profile-participation"
                    label={data.info.my_info.reviewer_only ? t("profile.reviewerOnly") : t("profile.participant")}
                  />
                </div>
              </div>
            </CardContent>
          </Card>
          <Alert severity="info" data-testid="profile-help-note">
            {t("profile.help")}
          </Alert>
        </>
      )}
    </Stack>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
