import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { Alert, Box, Button, Chip, Paper, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useState } from "react";
import { AdminCycleHeader } from "~/features/cycles/components/admin-cycle-header";
import { QuestionPreview } from "~/features/questionnaires/question-preview";
import { REVIEWER_TYPES, REVIEWER_TYPE_DESCRIPTIONS, REVIEWER_TYPE_LABELS, type ReviewerType } from "~/features/questionnaires/rules";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { getCycleQuestions, QUESTIONNAIRE_LOCKED_MESSAGE } from "~/features/questionnaires/service.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Questions - ${data?.cycle.name ?? "Cycle"} - PMR` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const questions = await getCycleQuestions(cycle.id);
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const initial = (REVIEWER_TYPES as readonly string[]).includes(type ?? "") ? (type as ReviewerType) : null;
  return { cycle, ...questions, initial, lockedMessage: QUESTIONNAIRE_LOCKED_MESSAGE };
}

export default function CycleQuestions() {
  const { cycle, questions, version, is_default, locked, initial, lockedMessage } = useLoaderData<typeof loader>();
  const firstUsed = REVIEWER_TYPES.find((t) => questions[t].length > 0) ?? "SELF";
  const [tab, setTab] = useState<ReviewerType>(initial ?? firstUsed);
  const list = questions[tab];

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <AdminCycleHeader
        cycle={cycle}
        title="Questions"
        actions={
          <>
            <Button component={RemixLink} to={`/app/admin/cycles/${cycle.id}/json-builder`} variant="contained" size="small" data-testid="questions-edit">
              Edit in JSON builder
            </Button>
            <Button component={RemixLink} to={`/app/admin/cycles/${cycle.id}/upload-questionnaire`} variant="outlined" size="small" data-testid="questions-upload">
              Upload questionnaire
            </Button>
            <Button component={RemixLink} to={`/app/admin/cycles/${cycle.id}/upload-questionnaire-jobs`} size="small" data-testid="questions-upload-jobs">
              Upload jobs
            </Button>
          </>
        }
      />
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: "center" }}>
        <Chip
          size="small"
          data-testid="questionnaire-version"
          label={is_default ? "Default questionnaire" : `Version ${version}`}
          color={is_default ? "default" : "primary"}
          variant="outlined"
        />
        {locked && <Chip size="small" color="warning" label="Locked" data-testid="questionnaire-locked-chip" />}
      </Stack>
      {is_default && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="questionnaire-default-note">
          This cycle has no questionnaire of its own yet, so reviewers get the default questionnaire below.
        </Alert>
      )}
      {locked && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="questionnaire-locked">
          {lockedMessage}
        </Alert>
      )}

      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, v: ReviewerType) => setTab(v)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Reviewer types"
          sx={{ borderBottom: 1, borderColor: "divider" }}
        >
          {REVIEWER_TYPES.map((t) => (
            <Tab
              key={t}
              value={t}
              data-testid={`questions-tab-${t}`}
              label={`${REVIEWER_TYPE_LABELS[t]} (${questions[t].length})`}
              id={`questions-tab-${t}`}
              aria-controls={`questions-panel-${t}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`questions-panel-${tab}`} aria-labelledby={`questions-tab-${tab}`} sx={{ p: 2 }} data-testid="questions-panel">
          <Typography variant="subtitle1" component="h2">
            {REVIEWER_TYPE_LABELS[tab]}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {REVIEWER_TYPE_DESCRIPTIONS[tab]}
          </Typography>
          {list.length === 0 ? (
            <Typography color="text.secondary" data-testid="questions-empty">
              No questions: reviewers of this type are not asked anything in this cycle.
            </Typography>
          ) : (
            <Stack spacing={2}>
              {list.map((q, i) => (
                <QuestionPreview key={q.id} question={q} index={i} />
              ))}
            </Stack>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
