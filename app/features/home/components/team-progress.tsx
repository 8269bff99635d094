import { Box, ButtonLink, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, type ChipProps } from "~/platform/ui/static";
import css from "~/features/home/components/home.module.css";
import { PEER_SELECTION_LABELS, SELF_REVIEW_LABELS, TEAM_MANAGER_FEEDBACK_LABELS } from "~/features/home/rules";
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

function peersText(m: TeamMember): string {
  const s = m.peer_selection;
  if (s.state !== "chosen") return PEER_SELECTION_LABELS[s.state];
  return `${s.accepted} accepted, ${s.requested} requested`;
}

export function TeamProgressCard({ team }: { team: TeamProgress }) {
  return (
    <Card variant="outlined" data-testid="home-team" component="section" aria-labelledby="home-team-title">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between" flexWrap style={{ rowGap: 8 }}>
            <Typography variant="h5" component="h2" id="home-team-title">
              Your team&apos;s progress
            </Typography>
            <ButtonLink to={team.link} size="small" variant="outlined">
              Open your team
            </ButtonLink>
          </Stack>
          <Stack direction="row" spacing={3} flexWrap data-testid="home-team-counts">
            <Stat label="Self reviews submitted" value={team.self_reviews_submitted} of={team.reviewed} />
            <Stat label="Peers chosen" value={team.peers_chosen} of={team.reviewed} />
            <Stat label="Manager feedback submitted" value={team.manager_feedback_submitted} of={team.reviewed} />
          </Stack>
          <TableContainer>
            <Table size="small" aria-label="Your direct reports' progress">
              <TableHead>
                <TableRow>
                  <TableCell>Direct report</TableCell>
                  <TableCell>Self review</TableCell>
                  <TableCell>Peer selection</TableCell>
                  <TableCell>Your manager feedback</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {team.members.map((m) => (
                  <TableRow key={m.email} data-testid="home-team-member">
                    <TableCell component="th" scope="row">
                      <Typography variant="body2" fontWeight="medium">
                        {m.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {m.reviewer_only ? "Reviewer only" : m.job_title}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <StateChip state={m.self_review} label={SELF_REVIEW_LABELS[m.self_review]} />
                    </TableCell>
                    <TableCell>
                      <StateChip state={m.peer_selection.state} label={peersText(m)} />
                    </TableCell>
                    <TableCell>
                      <StateChip state={m.manager_feedback} label={TEAM_MANAGER_FEEDBACK_LABELS[m.manager_feedback]} />
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
