import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  type ChipProps,
} from "@mui/material";
import { useFetcher, useLocation } from "@remix-run/react";
import { useUserSuggestions, type UserOption } from "~/features/users/use-user-suggestions";
import { useSnackbar } from "notistack";
import { useEffect, useRef, useState } from "react";

/**
 * The peer/stakeholder selection views shared by /app/performance/peer-finalization (the participant) and
 * /app/my-reportees/{email}/peer-finalization (the manager): the panel (mandatory reviewers, peers with status
 * chips, counters, advice, Admin/Manager Approved), the add-peer picker and the requests addressed to the
 * signed-in user. Writes post to the page's own action (intent add | remove | approve | accept | decline).
 */

type Person = { email: string; name: string };

export type PanelView = {
  participant: Person & { reviewer_only: boolean; manager: Person | null };
  receives_feedback: boolean;
  panel_status: "admin_approved" | "manager_approved";
  panel_status_label: string;
  max_peers: number;
  counters: { selected: number; accepted: number; requested: number; declined: number; max: number; remaining: number };
  can_edit: boolean;
  edit_blocked_reason: string | null;
  mandatory_reviewers: Array<{ reviewer_type: string; reviewer_type_label: string; email: string; name: string }>;
  peers: Array<{
    id: number;
    email: string;
    name: string;
    job_title: string | null;
    status: "requested" | "accepted" | "declined";
    status_label: string;
    requested_by: Person | null;
    can_remove: boolean;
    warning: string | null;
  }>;
  advice: string[];
};

export type IncomingView = {
  requests: Array<{
    id: number;
    status: "requested" | "accepted" | "declined";
    status_label: string;
    participant: Person & { job_title: string | null };
    requested_by: Person | null;
    can_respond: boolean;
  }>;
  accepted_count: number;
  advised_max_accepted: number;
  warning: string | null;
};

/** What the pages' actions return. */
export type SelectionActionResult = { ok: boolean; intent: string; message: string; warning: string | null };

const STATUS_COLORS: Record<string, ChipProps["color"]> = { requested: "default", accepted: "success", declined: "error" };

export function PeerStatusChip({ status, label, testId }: { status: string; label: string; testId?: string }) {
  return <Chip size="small" variant={status === "requested" ? "outlined" : "filled"} color={STATUS_COLORS[status]} label={label} data-testid={testId} />;
}

export function PanelStatusChip({ status, label }: { status: string; label: string }) {
  return <Chip size="small" color={status === "manager_approved" ? "secondary" : "default"} label={label} data-testid="panel-status" />;
}

/**
 * Toasts for a fetcher's result (success and advisory warnings; errors too unless shown inline). Fired as
 * soon as the action answered (the row holding the button may disappear with the revalidated data).
 */
function useResultToasts(result: SelectionActionResult | undefined, showErrors: boolean) {
  const { enqueueSnackbar } = useSnackbar();
  const seen = useRef<SelectionActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    if (result.ok) enqueueSnackbar(result.message, { variant: "success" });
    else if (showErrors) enqueueSnackbar(result.message, { variant: "error" });
    if (result.warning) enqueueSnackbar(result.warning, { variant: "warning" });
  }, [result, showErrors, enqueueSnackbar]);
}

function useActionUrl() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/** Email field with suggestions from GET /api/v1/users?q= (any active employee may be asked). */
function PeerPicker({ value, onChange, error, disabled, taken }: { value: string; onChange: (v: string) => void; error: string | null; disabled: boolean; taken: Map<string, string> }) {
  const [open, setOpen] = useState(false);
  const query = value.trim();
  const { users: options, loading } = useUserSuggestions(open && query.length >= 2 ? `/api/v1/users?q=${encodeURIComponent(query)}` : null);
  return (
    <Autocomplete<UserOption | string, false, false, true>
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(x) => x}
      loading={loading}
      inputValue={value}
      onInputChange={(_e, v) => onChange(v)}
      disabled={disabled}
      getOptionLabel={(o) => (typeof o === "string" ? o : o.email)}
      sx={{ flex: 1, minWidth: 260 }}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const email = typeof o === "string" ? o : o.email;
        const note = taken.get(email.toLowerCase());
        return (
          <li key={key} {...rest} data-testid={`peer-option-${email}`}>
            <Box>
              <Typography variant="body2">{typeof o === "string" ? o : `${o.name} <${o.email}>`}</Typography>
              {note && (
                <Typography variant="caption" color="text.secondary">
                  {note}
                </Typography>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name="peer_email"
          label="Peer's email"
          placeholder="Search by name or email"
          size="small"
          error={!!error}
          helperText={error ?? "Anyone in the company you worked with in the last 6 months"}
          slotProps={{
            htmlInput: { ...params.inputProps, "data-testid": "peer-add-input", autoComplete: "off" },
            formHelperText: { "data-testid": error ? "peer-add-error" : "peer-add-help" } as object,
          }}
        />
      )}
    />
  );
}

function AddPeerForm({ panel, spoofing }: { panel: PanelView; spoofing: boolean }) {
  const fetcher = useFetcher<SelectionActionResult>();
  const action = useActionUrl();
  const [text, setText] = useState("");
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useResultToasts(fetcher.data, false);
  useEffect(() => {
    if (result?.ok) setText("");
  }, [result]);
  const taken = new Map<string, string>();
  for (const m of panel.mandatory_reviewers) taken.set(m.email.toLowerCase(), `${m.reviewer_type_label} (mandatory reviewer)`);
  for (const p of panel.peers) taken.set(p.email.toLowerCase(), `Already asked (${p.status_label})`);
  const full = panel.counters.remaining === 0;
  return (
    <fetcher.Form method="post" action={action} data-testid="peer-add-form">
      <input type="hidden" name="intent" value="add" />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: "flex-start" }}>
        <PeerPicker value={text} onChange={setText} error={result && !result.ok ? result.message : null} disabled={spoofing} taken={taken} />
        <Button type="submit" variant="contained" disabled={spoofing || fetcher.state !== "idle" || text.trim() === ""} data-testid="peer-add-submit">
          Add peer
        </Button>
      </Stack>
      {full && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="peer-max-reached">
          The maximum of {panel.max_peers} peers is reached; remove a request that is not accepted to ask someone else.
        </Typography>
      )}
    </fetcher.Form>
  );
}

/**
 * The remove buttons share one keyed fetcher, read by the panel for its toasts: the row holding the button
 * disappears with the revalidated data, often before the button's own effects could run.
 */
const REMOVE_PEER_FETCHER = "remove-peer";

function RemovePeerButton({ email, name, spoofing }: { email: string; name: string; spoofing: boolean }) {
  const fetcher = useFetcher<SelectionActionResult>({ key: REMOVE_PEER_FETCHER });
  const action = useActionUrl();
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="peer_email" value={email} />
      <Button type="submit" size="small" color="error" disabled={spoofing || fetcher.state !== "idle"} aria-label={`Remove ${name}`} data-testid={`peer-remove-${email}`}>
        Remove
      </Button>
    </fetcher.Form>
  );
}

/** The panel: status, counters, advice, mandatory reviewers, peers (with remove) and the add-peer form. */
export function PeerPanel({ panel, spoofing, editor, extraActions }: { panel: PanelView; spoofing: boolean; editor: "participant" | "manager"; extraActions?: React.ReactNode }) {
  useResultToasts(useFetcher<SelectionActionResult>({ key: REMOVE_PEER_FETCHER }).data, true);
  if (!panel.receives_feedback) {
    return (
      <Alert severity="info" data-testid="panel-reviewer-only">
        {editor === "participant" ? "You take part" : `${panel.participant.name} takes part`} in this cycle as a reviewer only: reviewer-only participants
        give feedback but receive none, so there are no peers to choose.
      </Alert>
    );
  }
  const c = panel.counters;
  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography fontWeight={500}>Selection status:</Typography>
        <PanelStatusChip status={panel.panel_status} label={panel.panel_status_label} />
        <Typography color="text.secondary" data-testid="peer-counters">
          {c.selected} of {c.max} peers selected · {c.accepted} accepted · {c.requested} awaiting an answer{c.declined ? ` · ${c.declined} declined` : ""}
        </Typography>
        {extraActions}
      </Stack>
      {!panel.can_edit && panel.edit_blocked_reason && (
        <Alert severity="info" data-testid="peer-edit-blocked">
          {panel.edit_blocked_reason}
        </Alert>
      )}
      {panel.can_edit && spoofing && (
        <Alert severity="warning" data-testid="peer-spoofing">
          You are viewing another user: peers cannot be changed in their name.
        </Alert>
      )}
      {panel.advice.length > 0 && (
        <Alert severity="info" icon={false} data-testid="peer-advice">
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {panel.advice.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </Box>
        </Alert>
      )}

      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Mandatory reviewers
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          They come from the organisation (self, manager, direct reports, matrix manager and team) and cannot be changed here.
        </Typography>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Mandatory reviewers" data-testid="mandatory-reviewers">
            <TableHead>
              <TableRow>
                <TableCell>Reviewer Type</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {panel.mandatory_reviewers.map((r) => (
                <TableRow key={`${r.reviewer_type}-${r.email}`} data-testid={`mandatory-row-${r.email}`}>
                  <TableCell>
                    <Chip size="small" label={r.reviewer_type_label} />
                  </TableCell>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{r.email}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>

      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Peers and stakeholders
        </Typography>
        {panel.peers.length === 0 ? (
          <Typography color="text.secondary" data-testid="peers-empty">
            No peers asked yet.
          </Typography>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Peers and stakeholders" data-testid="peers-table">
              <TableHead>
                <TableRow>
                  <TableCell>Status</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Asked by</TableCell>
                  <TableCell align="right" />
                </TableRow>
              </TableHead>
              <TableBody>
                {panel.peers.map((p) => (
                  <TableRow key={p.id} data-testid={`peer-row-${p.email}`}>
                    <TableCell>
                      <PeerStatusChip status={p.status} label={p.status_label} testId={`peer-status-${p.email}`} />
                    </TableCell>
                    <TableCell>
                      {p.name}
                      {p.job_title && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {p.job_title}
                        </Typography>
                      )}
                      {p.warning && (
                        <Typography variant="caption" color="warning.main" component="div" data-testid={`peer-warning-${p.email}`}>
                          {p.warning}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{p.email}</TableCell>
                    <TableCell>{p.requested_by?.name ?? "—"}</TableCell>
                    <TableCell align="right">
                      {p.can_remove ? (
                        <RemovePeerButton email={p.email} name={p.name} spoofing={spoofing} />
                      ) : p.status === "accepted" ? (
                        <Typography variant="caption" color="text.secondary">
                          Accepted reviewers stay
                        </Typography>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>

      {panel.can_edit && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            Ask a peer or stakeholder
          </Typography>
          <AddPeerForm panel={panel} spoofing={spoofing} />
        </Box>
      )}
    </Stack>
  );
}

function AnswerButtons({ id, email, name, spoofing }: { id: number; email: string; name: string; spoofing: boolean }) {
  const fetcher = useFetcher<SelectionActionResult>();
  const action = useActionUrl();
  useResultToasts(fetcher.data, true);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="request_id" value={id} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        <Button type="submit" name="intent" value="accept" size="small" variant="contained" disabled={spoofing || busy} aria-label={`Accept the request of ${name}`} data-testid={`incoming-accept-${email}`}>
          Accept
        </Button>
        <Button type="submit" name="intent" value="decline" size="small" variant="outlined" color="error" disabled={spoofing || busy} aria-label={`Decline the request of ${name}`} data-testid={`incoming-decline-${email}`}>
          Decline
        </Button>
      </Stack>
    </fetcher.Form>
  );
}

/** 'Feedback requests for you': requests where the signed-in user is the requested reviewer, with Accept/Decline. */
export function IncomingRequests({ incoming, spoofing }: { incoming: IncomingView; spoofing: boolean }) {
  return (
    <Stack spacing={1.5} data-testid="incoming-requests">
      <Typography variant="h6" component="h2">
        Feedback requests for you
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="incoming-accepted-count">
        You have accepted {incoming.accepted_count} feedback request{incoming.accepted_count === 1 ? "" : "s"} in this cycle; no more than {incoming.advised_max_accepted} are advised.
      </Typography>
      {incoming.warning && (
        <Alert severity="warning" data-testid="incoming-warning">
          {incoming.warning}
        </Alert>
      )}
      {incoming.requests.length === 0 ? (
        <Typography color="text.secondary" data-testid="incoming-empty">
          Nobody has asked you for feedback in this cycle.
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Feedback requests for you">
            <TableHead>
              <TableRow>
                <TableCell>Status</TableCell>
                <TableCell>Feedback for</TableCell>
                <TableCell>Asked by</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {incoming.requests.map((r) => (
                <TableRow key={r.id} data-testid={`incoming-row-${r.participant.email}`}>
                  <TableCell>
                    <PeerStatusChip status={r.status} label={r.status_label} testId={`incoming-status-${r.participant.email}`} />
                  </TableCell>
                  <TableCell>
                    {r.participant.name}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {r.participant.email}
                      {r.participant.job_title ? ` · ${r.participant.job_title}` : ""}
                    </Typography>
                  </TableCell>
                  <TableCell>{r.requested_by?.name ?? "—"}</TableCell>
                  <TableCell align="right">{r.can_respond && <AnswerButtons id={r.id} email={r.participant.email} name={r.participant.name} spoofing={spoofing} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/** The approve button of the manager page (intent approve). */
export function ApproveSelectionButton({ spoofing, approved }: { spoofing: boolean; approved: boolean }) {
  const fetcher = useFetcher<SelectionActionResult>();
  const action = useActionUrl();
  useResultToasts(fetcher.data, true);
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="approve" />
      <Button type="submit" size="small" variant={approved ? "outlined" : "contained"} disabled={spoofing || approved || fetcher.state !== "idle"} data-testid="panel-approve">
        {approved ? "Approved by you" : "Approve selection"}
      </Button>
    </fetcher.Form>
  );
}
