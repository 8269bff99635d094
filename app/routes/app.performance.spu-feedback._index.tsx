import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert, ButtonLink, Card, CardContent, Chip, Stack, Typography, type ChipProps } from "~/platform/ui/static";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { SPU_GROUP_ORDER, SPU_GROUP_TITLES, spuFeedbackPath, type FeedbackProgress } from "~/features/feedback/rules";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { requireFeedbackPage, pageError } from "~/features/feedback/pages.server";
import { readFeedbackListPage } from "~/features/feedback/list-reads.server";
import { pageTitle } from "~/platform/i18n/page-title";

export const handle = pageTitle("titles.feedbackList");

export async function loader({ request }: LoaderFunctionArgs) {
  const { current, selection, cycles } = await requireFeedbackPage(request);
  if (selection.kind !== "selected") return { kind: selection.kind, message: selection.message, cycles } as const;
  try {
    // One statement besides the cycle list (issue 27): the list and, for a participant, the received count (else null).
    const { list, received } = await readFeedbackListPage(current, selection.cycle);
    return { kind: "selected", cycle: { id: selection.cycle.id, name: selection.cycle.name }, list, received, cycles } as const;
  } catch (err) {
    pageError(err);
  }
}

const STATUS_COLORS: Record<FeedbackProgress, ChipProps["color"]> = { not_started: "default", draft: "warning", submitted: "success" };

/** A person's row: a divider below, the buttons beside the text when they fit, else under it. */
const ITEM = {
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  padding: "8px 0",
  borderBottom: "1px solid var(--pmr-color-divider)",
} as const;

/** Spec §2 '360 Feedback': the people I am asked to give feedback to, grouped by my relation to them. */
export default function SpuFeedbackList() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack spacing={3}>
      <CyclePageHeader title="360 Feedback" cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycle.id : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind === "invalid" ? "invalid" : "none"} message={data.message} />
      ) : (
        <SelectedCycleList data={data} />
      )}
    </Stack>
  );
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "selected" }>;

function SelectedCycleList({ data }: { data: Loaded }) {
  const { list, received, cycle } = data;
  const groups = SPU_GROUP_ORDER.map((type) => ({ type, items: list.feedbacks.filter((f) => f.reviewer_type === type) })).filter(
    (g) => g.items.length > 0,
  );
  return (
    <>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap>
        <Chip color={list.open ? "primary" : "default"} label={list.stage_label} data-testid="spu-stage" />
        {list.counts.total > 0 && (
          <Typography color="text.secondary" data-testid="spu-progress">
            {list.counts.submitted} of {list.counts.total} submitted
          </Typography>
        )}
      </Stack>
      {!list.open && (
        <Alert severity="info" data-testid="spu-closed">
          {list.stage === "draft" || list.stage === "start"
            ? "360 feedback opens when the cycle moves to the SPU feedback stage."
            : "The SPU feedback stage is over: feedback can no longer be given or changed. You can still read what you gave."}
        </Alert>
      )}
      {received && received.total > 0 && (
        <Alert severity="success" icon={false} data-testid="spu-received">
          {received.submitted} of {received.total} people asked have given you feedback so far.
        </Alert>
      )}
      {groups.length === 0 ? (
        <Typography color="text.secondary" data-testid="spu-empty">
          Nobody has asked you for feedback in {cycle.name}.
        </Typography>
      ) : (
        groups.map((g) => (
          <Card variant="outlined" key={g.type} data-testid={`spu-group-${g.type}`}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {SPU_GROUP_TITLES[g.type]}
              </Typography>
              {/*
                One row per person that wraps on a narrow screen (issue 27, ADR 0068): name and status, then email and
                job title, then the buttons, each on its own line when there is no room, never cut.
              */}
              <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {g.items.map((f) => {
                  const action = f.status === "submitted" ? "Adjust" : f.status === "draft" ? "Continue" : "Give feedback";
                  return (
                    <li key={f.id} data-testid={`spu-item-${f.reviewee.email}`} style={ITEM}>
                      <div style={{ flex: "1 1 240px", minWidth: 0 }}>
                        <Stack direction="row" spacing={1} alignItems="center" flexWrap>
                          <Typography>{f.reviewer_type === "SELF" ? `${f.reviewee.name} (you)` : f.reviewee.name}</Typography>
                          <Chip size="small" color={STATUS_COLORS[f.status]} label={f.status_label} data-testid={`spu-status-${f.reviewee.email}`} />
                        </Stack>
                        <Typography variant="body2" color="text.secondary" style={{ overflowWrap: "anywhere" }}>
                          {[f.reviewee.email, f.reviewee.job_title].filter(Boolean).join(" · ")}
                        </Typography>
                      </div>
                      <Stack direction="row" spacing={1} flexWrap>
                        {f.status !== "not_started" && (
                          <ButtonLink size="small" to={spuFeedbackPath(f.reviewee.email, cycle.id, true)} data-testid={`spu-view-${f.reviewee.email}`}>
                            View
                          </ButtonLink>
                        )}
                        {list.open && (
                          <ButtonLink
                            size="small"
                            variant={f.status === "submitted" ? "outlined" : "contained"}
                            to={spuFeedbackPath(f.reviewee.email, cycle.id)}
                            data-testid={`spu-give-${f.reviewee.email}`}
                          >
                            {action}
                          </ButtonLink>
                        )}
                      </Stack>
                    </li>
                  );
                })}
              </ul>
            </CardContent>
          </Card>
        ))
      )}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
