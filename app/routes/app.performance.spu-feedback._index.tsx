import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert, ButtonLink, Card, CardContent, Chip, Stack, Typography, type ChipProps } from "~/platform/ui/static";
import { CycleMessage, CyclePageHeader } from "~/features/cycles/components/cycle-page-header";
import { SPU_GROUP_ORDER, spuFeedbackPath, type FeedbackProgress, type SpuFeedbackType } from "~/features/feedback/rules";
import { STAGE_KEYS } from "~/features/cycles/stage-keys";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { FEEDBACK_STATUS_KEYS } from "~/features/feedback/answer-messages";
import { useFormat } from "~/platform/i18n/reader-context";
import { useTranslation } from "react-i18next";
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

/** Heading of each group on the list page ("Upward feedback for your manager" etc.). */
const GROUP_KEYS: Record<SpuFeedbackType, TranslationKey> = {
  SELF: "feedbackList.group.SELF",
  DIRECT_REPORT: "feedbackList.group.DIRECT_REPORT",
  MATRIX_TEAM: "feedbackList.group.MATRIX_TEAM",
  MATRIX_MANAGER: "feedbackList.group.MATRIX_MANAGER",
  PEER: "feedbackList.group.PEER",
};

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
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <CyclePageHeader title={t("nav.spuFeedback")} cycles={data.cycles} selectedId={data.kind === "selected" ? data.cycle.id : null} />
      {data.kind !== "selected" ? (
        <CycleMessage kind={data.kind === "invalid" ? "invalid" : "none"} />
      ) : (
        <SelectedCycleList data={data} />
      )}
    </Stack>
  );
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "selected" }>;

function SelectedCycleList({ data }: { data: Loaded }) {
  const { list, received, cycle } = data;
  const { t } = useTranslation();
  const { byName } = useFormat();
  // People in the reader's language's order (a Chinese reader's by pinyin), the server's order as the tie-break.
  const groups = SPU_GROUP_ORDER.map((type) => ({
    type,
    items: byName(
      list.feedbacks.filter((f) => f.reviewer_type === type),
      (f) => f.reviewee.name,
    ),
  })).filter(
    (g) => g.items.length > 0,
  );
  return (
    <>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap>
        <Chip color={list.open ? "primary" : "default"} label={t(STAGE_KEYS[list.stage])} data-testid="spu-stage" />
        {list.counts.total > 0 && (
          <Typography color="text.secondary" data-testid="spu-progress">
            {t("feedbackList.progress", { submitted: list.counts.submitted, total: list.counts.total })}
          </Typography>
        )}
      </Stack>
      {!list.open && (
        <Alert severity="info" data-testid="spu-closed">
          {list.stage === "draft" || list.stage === "start" ? t("feedbackList.opensLater") : t("feedbackList.over")}
        </Alert>
      )}
      {received && received.total > 0 && (
        <Alert severity="success" icon={false} data-testid="spu-received">
          {t("feedbackList.received", { submitted: received.submitted, total: received.total })}
        </Alert>
      )}
      {groups.length === 0 ? (
        <Typography color="text.secondary" data-testid="spu-empty">
          {t("feedbackList.empty", { cycle: cycle.name })}
        </Typography>
      ) : (
        groups.map((g) => (
          <Card variant="outlined" key={g.type} data-testid={`spu-group-${g.type}`}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {t(GROUP_KEYS[g.type])}
              </Typography>
              {/*
                One row per person that wraps on a narrow screen (issue 27, ADR 0068): name and status, then email and
                job title, then the buttons, each on its own line when there is no room, never cut.
              */}
              <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {g.items.map((f) => {
                  const action = f.status === "submitted" ? t("feedbackForm.adjust") : f.status === "draft" ? t("feedbackForm.continue") : t("feedbackList.give");
                  return (
                    <li key={f.id} data-testid={`spu-item-${f.reviewee.email}`} style={ITEM}>
                      <div style={{ flex: "1 1 240px", minWidth: 0 }}>
                        <Stack direction="row" spacing={1} alignItems="center" flexWrap>
                          <Typography>{f.reviewer_type === "SELF" ? t("feedbackList.you", { name: f.reviewee.name }) : f.reviewee.name}</Typography>
                          <Chip size="small" color={STATUS_COLORS[f.status]} label={t(FEEDBACK_STATUS_KEYS[f.status])} data-testid={`spu-status-${f.reviewee.email}`} />
                        </Stack>
                        <Typography variant="body2" color="text.secondary" style={{ overflowWrap: "anywhere" }}>
                          {[f.reviewee.email, f.reviewee.job_title].filter(Boolean).join(" · ")}
                        </Typography>
                      </div>
                      <Stack direction="row" spacing={1} flexWrap>
                        {f.status !== "not_started" && (
                          <ButtonLink size="small" to={spuFeedbackPath(f.reviewee.email, cycle.id, true)} data-testid={`spu-view-${f.reviewee.email}`}>
                            {t("feedbackList.view")}
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
