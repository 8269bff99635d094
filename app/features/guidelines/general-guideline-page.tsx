import { Alert, Box, Card, CardContent, Link, List, ListItem, Stack, Typography } from "@mui/material";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";

export type GeneralGuidelineView = {
  cycles: Array<{ id: number; name: string; stage_label: string; rules: string[] }>;
  default_rules: string[];
  admin_note: boolean;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The General Guideline (issue 26 §3, §6; ADR 0058): who takes part, and each of the reader's cycles' rule on reviewers' names. */
export function GeneralGuidelinePage({ data }: { data: GeneralGuidelineView }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 820 }} data-testid="general-guideline">
      <Typography variant="h4" component="h1">
        General Guideline
      </Typography>
      <Typography>This page explains who takes part in a review cycle, what is expected at each stage and who sees what you write.</Typography>
      <Section title="Who takes part">
        <List dense disablePadding sx={{ listStyle: "disc", pl: 3 }}>
          <ListItem sx={{ display: "list-item" }}>
            <strong>Participants</strong> receive self, upward, peer and manager feedback. Reviewer-only participants give feedback but do not receive it.
          </ListItem>
          <ListItem sx={{ display: "list-item" }}>
            <strong>Managers</strong> write feedback for their direct reports, may change their peer selection and nominate them for promotion.
          </ListItem>
          <ListItem sx={{ display: "list-item" }}>
            <strong>HR partners</strong> create and run rating and promotion calibration sessions, which end in a signed-off decision.
          </ListItem>
        </List>
      </Section>
      <Section title="Confidentiality">
        <Stack spacing={2}>
          <Typography>
            Feedback about you becomes visible to you in the communication stage. Self, manager and matrix manager feedback always carries the writer&apos;s
            name. Who sees the names of peer and upward reviewers is chosen for each cycle when it is created, and cannot change once feedback has opened.
            Every change in the product is recorded in an audit log.
          </Typography>
          {data.cycles.length === 0 ? (
            <Card variant="outlined" data-testid="guideline-default-rule">
              <CardContent>
                <Typography variant="subtitle1" component="h3">
                  Unless a cycle says otherwise
                </Typography>
                {data.default_rules.map((r) => (
                  <Typography key={r} variant="body2">
                    {r}
                  </Typography>
                ))}
              </CardContent>
            </Card>
          ) : (
            data.cycles.map((c) => (
              <Card key={c.id} variant="outlined" data-testid={`guideline-cycle-${c.id}`}>
                <CardContent>
                  <Typography variant="subtitle1" component="h3">
                    {c.name} <Typography component="span" variant="body2" color="text.secondary">({c.stage_label})</Typography>
                  </Typography>
                  {c.rules.map((r) => (
                    <Typography key={r} variant="body2" data-testid="guideline-names-rule">
                      {r}
                    </Typography>
                  ))}
                </CardContent>
              </Card>
            ))
          )}
        </Stack>
      </Section>
      {data.admin_note && (
        <Alert severity="info" data-testid="guideline-admin-note">
          For super admins: the menu&apos;s General Guideline link can point at your company&apos;s own page instead; set <code>GENERAL_GUIDELINE_URL</code>.
        </Alert>
      )}
      <Link component={RemixLink} to="/app/home">
        Back to Home
      </Link>
    </Stack>
  );
}
