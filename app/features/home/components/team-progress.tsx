import { Box, ButtonLink, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, type ChipProps } from "~/platform/ui/static";
import css from "~/features/home/components/home.module.css";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { TEAM_STATE_KEYS } from "~/features/home/messages";
import { useFormat } from "~/platform/i18n/reader-context";
import type { TeamMember, TeamProgress } from "~/features/home/types";

/** A manager's team on the home page (ADR 0036): counts, then each direct report's statuses (never content). */

const COLOR: Record<string, ChipProps["color"]> = { submitted: "success", chosen: "success", draft: "warning", not_started: "default", not_chosen: "warning" };

function StateChip({ state, label }: { state: string; label: string }) {
  if (state === "not_applicable" || state === "not_requested") {
    return (
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    );
  }
  return <Chip size="small" label={label} color={COLOR[state] ?? "default"} variant={state === "submitted" || state === "chosen" ? "filled" : "outlined"} />;
}

function Stat({ label, value, of }: { label: string; value: number; of: number }) {
  return (
    <Box className={css.stat}>
      <Typography variant="h5" component="p">
        {value}/{of}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function peersText(m: TeamMember, t: TFunction): string {
  const s = m.peer_selection;
  if (s.state !== "chosen") return t(TEAM_STATE_KEYS[s.state]);
  return t("home.team.peers", { accepted: s.accepted, requested: s.requested });
}

export function TeamProgressCard({ team }: { team: TeamProgress }) {
  const { t } = useTranslation();
  const { byName } = useFormat();
  return (
    <Card variant="outlined" data-testid="home-team" component="section" aria-labelledby="home-team-title">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between" flexWrap style={{ rowGap: 8 }}>
            <Typography variant="h5" component="h2" id="home-team-title">
              {t("home.team.title")}
            </Typography>
            <ButtonLink to={team.link} size="small" variant="outlined">
              {t("home.team.open")}
            </ButtonLink>
          </Stack>
          <Stack direction="row" spacing={3} flexWrap data-testid="home-team-counts">
            <Stat label={t("home.team.selfReviews")} value={team.self_reviews_submitted} of={team.reviewed} />
            <Stat label={t("home.team.peersChosen")} value={team.peers_chosen} of={team.reviewed} />
            <Stat label={t("home.team.managerFeedback")} value={team.manager_feedback_submitted} of={team.reviewed} />
          </Stack>
          <TableContainer>
            <Table size="small" aria-label={t("home.team.table")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("home.team.member")}</TableCell>
                  <TableCell>{t("home.team.selfReview")}</TableCell>
                  <TableCell>{t("home.team.peerSelection")}</TableCell>
                  <TableCell>{t("home.team.yourManagerFeedback")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {byName(team.members, (m) => m.name).map((m) => (
                  <TableRow key={m.email} data-testid="home-team-member">
                    <TableCell component="th" scope="row">
                      <Typography variant="body2" fontWeight="medium">
                        {m.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {m.reviewer_only ? t("home.team.reviewerOnly") : m.job_title}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <StateChip state={m.self_review} label={t(TEAM_STATE_KEYS[m.self_review])} />
                    </TableCell>
                    <TableCell>
                      <StateChip state={m.peer_selection.state} label={peersText(m, t)} />
                    </TableCell>
                    <TableCell>
                      <StateChip state={m.manager_feedback} label={t(TEAM_STATE_KEYS[m.manager_feedback])} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      </CardContent>
    </Card>
  );
}
