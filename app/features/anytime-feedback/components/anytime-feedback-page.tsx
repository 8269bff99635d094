import { Link as RemixLink, useNavigation, useSearchParams } from "@remix-run/react";
import { Box, Button, LinearProgress, MenuItem, Stack, Tab as MuiTab, Tabs, TextField, Typography } from "@mui/material";
import { DAYS_OPTIONS } from "~/features/anytime-feedback/rules";
import type { AnytimeFeedbackPageData, Tab } from "~/features/anytime-feedback/types";
import { GiveFeedbackForm } from "~/features/anytime-feedback/components/give-feedback-form";
import { FeedbackList } from "~/features/anytime-feedback/components/feedback-list";

/**
 * /app/anytime-feedback (ADR 0029): give feedback to a colleague; read what I received and sent, and, for a manager,
 * what my reports gave and got ('My team'); each list filtered by person and period, a page at a time.
 * Loader and action: app/features/anytime-feedback/pages.server.ts.
 */

const EMPTY: Record<Tab, string> = {
  received: "No feedback received in this period yet.",
  sent: "You have not given feedback in this period yet.",
  team: "Your reports have not given or received feedback in this period yet.",
};
const PERSON_LABEL: Record<Tab, string> = { received: "From", sent: "To", team: "Team member" };

function Filters({ data }: { data: AnytimeFeedbackPageData }) {
  const [, setParams] = useSearchParams();
  // The filters of the list shown (its tab), whatever address a navigation still under way is heading to.
  const set = (key: "person" | "days", value: string) => {
    const next = new URLSearchParams();
    if (data.tab !== "received") next.set("tab", data.tab);
    const person = key === "person" ? value : (data.person ?? "");
    const days = key === "days" ? value : data.days === null ? "" : String(data.days);
    if (person) next.set("person", person);
    if (days) next.set("days", days);
    setParams(next, { preventScrollReset: true });
  };
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      <TextField
        select
        size="small"
        label={PERSON_LABEL[data.tab]}
        value={data.person ?? ""}
        onChange={(e) => set("person", e.target.value)}
        sx={{ minWidth: 240 }}
        slotProps={{ select: { SelectDisplayProps: { "data-testid": "feedback-filter-person" } as object } }}
      >
        <MenuItem value="">Everyone</MenuItem>
        {data.people.map((p) => (
          <MenuItem key={p.id} value={p.email}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Period"
        value={data.days === null ? "" : String(data.days)}
        onChange={(e) => set("days", e.target.value)}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { SelectDisplayProps: { "data-testid": "feedback-filter-days" } as object } }}
      >
        <MenuItem value="">All time</MenuItem>
        {DAYS_OPTIONS.map((d) => (
          <MenuItem key={d} value={String(d)}>
            Last {d} days
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

function Pager({ data }: { data: AnytimeFeedbackPageData }) {
  const [params] = useSearchParams();
  const { total, offset, limit } = data.list;
  if (total <= limit) return null;
  const to = (o: number) => {
    const next = new URLSearchParams(params);
    if (o > 0) next.set("offset", String(o));
    else next.delete("offset");
    return `?${next}`;
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
      <Typography variant="body2" data-testid="feedback-range">
        {offset + 1}–{Math.min(offset + limit, total)} of {total}
      </Typography>
      <Button component={RemixLink} to={to(Math.max(0, offset - limit))} disabled={offset === 0} preventScrollReset>
        Previous
      </Button>
      <Button component={RemixLink} to={to(offset + limit)} disabled={offset + limit >= total} preventScrollReset>
        Next
      </Button>
    </Stack>
  );
}

export function AnytimeFeedbackPage({ data }: { data: AnytimeFeedbackPageData }) {
  const navigation = useNavigation();
  const tabs: Array<{ value: Tab; label: string }> = [
    { value: "received", label: data.unreadCount > 0 ? `Received (${data.unreadCount} new)` : "Received" },
    { value: "sent", label: "Sent" },
    ...(data.isManager ? [{ value: "team" as const, label: "My team" }] : []),
  ];
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Box>
        <Typography variant="h4" component="h1">
          Anytime Feedback
        </Typography>
        <Typography color="text.secondary">Tell a colleague what went well or what could be better, whenever it happens.</Typography>
      </Box>
      <GiveFeedbackForm spoofing={data.spoofing} myManagers={data.myManagers} />
      <Box component="section" aria-label="Feedback">
        <Tabs value={data.tab} aria-label="Feedback lists" sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((t) => (
            <MuiTab key={t.value} value={t.value} label={t.label} component={RemixLink} to={`?tab=${t.value}`} data-testid={`anytime-tab-${t.value}`} />
          ))}
        </Tabs>
        <Stack spacing={2}>
          {data.tab === "team" && (
            <Typography color="text.secondary">Feedback given to and by your direct and secondary reports.</Typography>
          )}
          <Filters data={data} />
          {navigation.state === "loading" && <LinearProgress aria-label="Loading" />}
          <FeedbackList key={data.tab} items={data.list.realtime_feedbacks} tab={data.tab} spoofing={data.spoofing} emptyText={EMPTY[data.tab]} />
          <Pager data={data} />
        </Stack>
      </Box>
    </Stack>
  );
}
