import { Link as RemixLink, useNavigate } from "@remix-run/react";
import { Avatar, Box, Card, CardContent, Chip, FormControl, InputLabel, Link, MenuItem, Select, Stack, Typography } from "@mui/material";
import { ANONYMITY_THRESHOLD } from "~/features/performance-trends/rules";
import type { TrendsPageData } from "~/features/performance-trends/types";
import { RatingsPanel, TeamRatingsPanel } from "~/features/performance-trends/components/ratings-panels";
import { StatsPanel } from "~/features/performance-trends/components/stats-panel";

/**
 * /app/performance-dashboard 'Performance Trends Report' (ADR 0030): a person's calibrated ratings, peer and upward
 * feedback across cycles (charts with a table view), and on a manager's own dashboard the ratings of their direct
 * reports. A manager picks a report to read their trends. Loader: app/features/performance-trends/pages.server.ts.
 */

const RELATION_LABEL = { self: "You", manager: "Your direct report", secondary_manager: "Your secondary report", admin: "Viewed as super admin" } as const;

export function TrendsPage({ data }: { data: TrendsPageData }) {
  const { header, viewer } = data;
  const self = header.relationship === "self";
  const name = self ? "you" : header.user.name;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 2 }}>
        <Typography variant="h4" component="h1">
          Performance Trends Report
        </Typography>
        {data.people.length > 1 && <PersonPicker people={data.people} selected={header.user.email} viewerEmail={viewer.email} />}
      </Box>
      <PersonCard data={data} />
      {data.team && <TeamRatingsPanel team={data.team} />}
      {data.ratings ? (
        <RatingsPanel
          points={data.ratings}
          emptyText={
            self
              ? "No calibrated ratings to show yet. A cycle's rating appears here once the cycle reaches the communication stage, as on your Performance Cycle Report."
              : `No calibrated ratings for ${header.user.name} yet: they appear from the calibration stage of the cycles in which you are their manager.`
          }
        />
      ) : (
        <Typography color="text.secondary" data-testid="ratings-not-shown">
          Calibrated ratings are shown to the person and to their manager only.
        </Typography>
      )}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" }, gap: 3 }}>
        <StatsPanel
          stats={data.peer}
          emptyText={
            self
              ? `No peer feedback to show yet. It appears once a cycle reaches the communication stage, from ${ANONYMITY_THRESHOLD} peers' answers on.`
              : `No peer feedback about ${name} to show yet.`
          }
        />
        <StatsPanel
          stats={data.upward}
          emptyText={
            header.has_direct_reports
              ? self
                ? `No upward feedback to show yet. It appears once a cycle reaches the communication stage, from ${ANONYMITY_THRESHOLD} direct reports' answers on.`
                : `No upward feedback about ${name} to show yet.`
              : `${self ? "You have" : `${header.user.name} has`} no direct reports, so there is no upward feedback.`
          }
        />
      </Box>
    </Stack>
  );
}

function PersonCard({ data }: { data: TrendsPageData }) {
  const { user, relationship, cycles } = data.header;
  const facts = [user.job_title, user.department, user.level, user.location].filter(Boolean).join(" · ");
  return (
    <Card variant="outlined" data-testid="trends-person">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
          <Avatar src={user.profile_image_url ?? undefined} alt="">
            {user.name.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" data-testid="trends-person-name">
              {user.name}
            </Typography>
            {facts && <Typography color="text.secondary">{facts}</Typography>}
            {user.manager && <Typography color="text.secondary">Manager: {user.manager.name}</Typography>}
          </Box>
          <Chip label={RELATION_LABEL[relationship]} size="small" data-testid="trends-relationship" />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="trends-cycles">
          {cycles.length === 0
            ? relationship === "self"
              ? "None of your cycles has reached the communication stage yet."
              : "No cycle of this person is open to you yet."
            : `${cycles.length} ${cycles.length === 1 ? "cycle" : "cycles"}: ${cycles.map((c) => c.name).join(", ")}.`}{" "}
          {relationship === "self" && (
            <Link component={RemixLink} to="/app/performance/final-assessment">
              Open your Performance Cycle Report
            </Link>
          )}
        </Typography>
      </CardContent>
    </Card>
  );
}

function PersonPicker({ people, selected, viewerEmail }: { people: TrendsPageData["people"]; selected: string; viewerEmail: string }) {
  const navigate = useNavigate();
  const label = { self: "You", direct_report: "Direct report", secondary_report: "Secondary report" } as const;
  return (
    <FormControl size="small" sx={{ minWidth: 280 }}>
      <InputLabel id="trends-person-label">Person</InputLabel>
      <Select
        labelId="trends-person-label"
        label="Person"
        data-testid="trends-person-picker"
        value={people.some((p) => p.email === selected) ? selected : ""}
        onChange={(e) => {
          const email = String(e.target.value);
          navigate(email === viewerEmail ? "/app/performance-dashboard" : `/app/performance-dashboard?email=${encodeURIComponent(email)}`);
        }}
      >
        {people.map((p) => (
          <MenuItem key={p.email} value={p.email}>
            {p.name} ({label[p.relation]})
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
