import { Chip, type ChipProps } from "@mui/material";

/** The status chips of peer selection: a peer request's status and a panel's (Admin/Manager Approved). */

const STATUS_COLORS: Record<string, ChipProps["color"]> = { requested: "default", accepted: "success", declined: "error" };

export function PeerStatusChip({ status, label, testId }: { status: string; label: string; testId?: string }) {
  return <Chip size="small" variant={status === "requested" ? "outlined" : "filled"} color={STATUS_COLORS[status]} label={label} data-testid={testId} />;
}

export function PanelStatusChip({ status, label }: { status: string; label: string }) {
  return <Chip size="small" color={status === "manager_approved" ? "secondary" : "default"} label={label} data-testid="panel-status" />;
}
