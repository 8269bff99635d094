import { useTranslation } from "react-i18next";
import { Chip, type ChipProps } from "~/platform/ui/static";
import { PANEL_STATUS_KEYS, PEER_STATUS_KEYS } from "~/features/peer-selection/messages";
import type { PanelStatusValue, PeerRequestStatusValue } from "~/features/peer-selection/rules";

/** The status chips of peer selection: a peer request's status and a panel's (Admin/Manager Approved). Static (issue 27). */

const STATUS_COLORS: Record<PeerRequestStatusValue, ChipProps["color"]> = {
  requested: "default",
  accepted: "success",
  declined: "error",
};

export function PeerStatusChip({ status, testId }: { status: PeerRequestStatusValue; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={status === "requested" ? "outlined" : "filled"}
      color={STATUS_COLORS[status]}
      label={t(PEER_STATUS_KEYS[status])}
      data-testid={testId}
    />
  );
}

export function PanelStatusChip({ status }: { status: PanelStatusValue }) {
  const { t } = useTranslation();
  return <Chip size="small" color={status === "manager_approved" ? "secondary" : "default"} label={t(PANEL_STATUS_KEYS[status])} data-testid="panel-status" />;
}
