import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert, Avatar, Box, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { getMyInfo } from "~/features/peer-selection/service.server";
import { selectedCyclePage } from "~/features/peer-selection/pages.server";
import { participantFetch } from "~/platform/page-errors.server";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.profileCheck");

/** /app/performance/prep?cycle_id=: the participant's company profile in the selected cycle (GET my_info). */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await selectedCyclePage(request);
  if (page.kind !== "selected") return { kind: page.kind, message: page.message, cycles: page.cycles } as const;
  const info = await participantFetch(() => getMyInfo(page.current, page.cycleId));
  return { kind: "selected", cycles: page.cycles, cycleId: page.cycleId, info } as const;
}

function Field({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "200px 1fr" }, gap: 1, py: 1, borderBottom: 1, borderColor: "divider" }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography data-testid={testId}>{value ?? "—"}</Typography>
    </Box>
  );
}

const person = (p: { name: string; email: string } | null) => (p ? `${p.name} (${p.email})` : null);

export default function CheckYourProfile() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <CyclePageHeader title="Check your profile" cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycleId : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind} message={data.message} />
      ) : !data.info ? (
        <Alert severity="info" data-testid="profile-not-participant">
          You are not a participant of this cycle, so there is no profile to check for it.
        </Alert>
      ) : (
        <>
          <Card variant="outlined" data-testid="profile-card">
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap" }}>
                <Avatar src={data.info.my_info.profile_image_url ?? undefined} alt={data.info.my_info.name}>
                  {data.info.my_info.name.slice(0, 1)}
                </Avatar>
                <Box sx={{ flex: 1 }}>
                  <Typography variant="h5" component="h2" data-testid="profile-name">
                    {data.info.my_info.name}
                  </Typography>
                  <Typography color="text.secondary">{data.info.cycle.name}</Typography>
                </Box>
                <CycleStageChip cycleId={data.info.cycle.id} stage={data.info.cycle.state} />
              </Stack>
              <Field label="Email" value={data.info.my_info.email} testId="profile-email" />
              <Field label="Job title" value={data.info.my_info.job_title} testId="profile-job-title" />
              <Field label="Department" value={data.info.my_info.department} testId="profile-department" />
              <Field label="Location" value={data.info.my_info.location} testId="profile-location" />
              <Field label="Manager" value={person(data.info.my_info.manager)} testId="profile-manager" />
              <Field label="Secondary manager" value={person(data.info.my_info.secondary_manager)} testId="profile-secondary-manager" />
              <Field label="HR partner" value={person(data.info.my_info.hr_partner)} testId="profile-hr-partner" />
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "200px 1fr" }, gap: 1, py: 1 }}>
                <Typography color="text.secondary">Participation</Typography>
                <Box>
                  <Chip
                    size="small"
                    data-testid="profile-participation"
                    label={data.info.my_info.reviewer_only ? "Reviewer only (gives feedback, receives none)" : "Receives and gives feedback"}
                  />
                </Box>
              </Box>
            </CardContent>
          </Card>
          <Alert severity="info" data-testid="profile-help-note">
            These details come from the company directory and decide who reviews you. If anything is wrong, raise a ticket through Help (the button
            at the bottom right): the company service portal under People &amp; Culture &gt; Performance Query.
          </Alert>
        </>
      )}
    </Stack>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
