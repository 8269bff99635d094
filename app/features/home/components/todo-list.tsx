import { Link as RemixLink } from "@remix-run/react";
import { Box, Button, Card, CardContent, Chip, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from "@mui/material";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutline";
import type { HomeItem, HomeJson } from "~/features/home/types";

/** The viewer's to-do list (ADR 0036): each item links to the page where it is done; an empty state says what comes next. */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** '2026-12-18' → '18 Dec 2026' (no time zone involved, so the server and the browser render the same). */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

function due(item: HomeItem): string {
  if (!item.deadline) return "No deadline";
  const when = formatDay(item.deadline);
  return item.deadline_source === "cycle" ? `Due ${when} (cycle end)` : `Due ${when}`;
}

export function TodoItem({ item, testId = "home-todo-item" }: { item: HomeItem; testId?: string }) {
  return (
    <ListItem disablePadding divider data-testid={testId} data-kind={item.kind}>
      <ListItemButton component={RemixLink} to={item.link} prefetch="intent" sx={{ alignItems: "flex-start", gap: 2 }}>
        <ListItemText
          primary={item.title}
          primaryTypographyProps={{ fontWeight: 500 }}
          secondary={
            <Box component="span" sx={{ display: "flex", flexWrap: "wrap", columnGap: 1, rowGap: 0.5, mt: 0.5, "& > span + span::before": { content: '"·"', mr: 1 } }}>
              <span>{item.kind_label}</span>
              {item.detail && <span>{item.detail}</span>}
              <span data-testid="home-todo-deadline">{due(item)}</span>
            </Box>
          }
          sx={{ my: 0, minWidth: 0, overflowWrap: "anywhere" }}
        />
        {item.overdue && <Chip size="small" color="error" label="Overdue" sx={{ flexShrink: 0 }} />}
      </ListItemButton>
    </ListItem>
  );
}

function CaughtUp({ next, elsewhere }: { next: HomeJson["next_step"]; elsewhere: number }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: "flex-start" }} data-testid="home-caught-up">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <CheckCircleOutlineIcon color="success" aria-hidden />
        <Typography variant="h6" component="p">
          {elsewhere === 0 ? <>You&apos;re all caught up</> : "You're caught up in this cycle"}
        </Typography>
      </Stack>
      <Typography color="text.secondary" data-testid="home-caught-up-detail">
        {elsewhere === 0
          ? "Nothing waits for you in this cycle right now."
          : `Nothing waits for you in this cycle right now, but ${elsewhere} ${elsewhere === 1 ? "thing waits" : "things wait"} in your other cycles (below).`}
      </Typography>
      <Typography data-testid="home-next-step">{next.text}</Typography>
      {next.link && (
        <Button component={RemixLink} to={next.link} variant="outlined" size="small">
          Open your Performance Cycle Report
        </Button>
      )}
    </Stack>
  );
}

export function TodoList({ home, elsewhere = 0 }: { home: HomeJson; elsewhere?: number }) {
  const { items, counts } = home;
  return (
    <Card variant="outlined" data-testid="home-todo" component="section" aria-labelledby="home-todo-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: items.length ? 1 : 2 }}>
          <Typography variant="h5" component="h2" id="home-todo-title">
            Your to-do list
          </Typography>
          {items.length > 0 && <Chip size="small" color="primary" label={`${counts.total} to do`} data-testid="home-todo-count" />}
          {counts.overdue > 0 && <Chip size="small" color="error" variant="outlined" label={`${counts.overdue} overdue`} />}
        </Stack>
        {items.length === 0 ? (
          <CaughtUp next={home.next_step} elsewhere={elsewhere} />
        ) : (
          <List aria-label="Your to-do list" disablePadding>
            {items.map((item, i) => (
              <TodoItem key={`${i}:${item.kind}:${item.link}`} item={item} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
