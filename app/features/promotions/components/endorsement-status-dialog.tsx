import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as StaticButton } from "~/platform/ui/static";
import type { PersonJson } from "~/features/promotions/types";
import type { EndorsementStatus } from "~/features/promotions/rules";
import { ENDORSEMENT_STATUS_KEYS } from "~/features/promotions/text-keys";
import { useOutcomeText } from "~/features/promotions/components/endorsement-parts";
import { PlainTable } from "~/platform/ui/plain-table";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";

/**
 * The endorsement status dialog (spec §2): one row per endorser of a nomination with the columns Name,
 * Email, Endorsement Request Status and Endorsement Outcome, and a Close button. Generic and read-only:
 * any promotion page (HR partner, panelist, sign-off party, admin) passes the endorsements it has. The MUI dialog is
 * mounted from its first opening on; the button that opens it is static (no style work in the page's server render).
 */

/** What a row needs (EndorsementJson and NominationRowJson["endorsements"] both fit): the codes, said in the reader's language. */
export type EndorsementStatusRow = { id: number; endorser: PersonJson; status: EndorsementStatus; outcome: string | null };

export function EndorsementStatusDialog({
  open,
  onClose,
  title,
  endorsements,
  testId = "endorsement-status-dialog",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  endorsements: readonly EndorsementStatusRow[];
  testId?: string;
}) {
  // Mounted from its first open on (a closed MUI Dialog still costs a render per row of a long list).
  const opened = useOpenedOnce(open);
  if (!opened) return null;
  return <OpenedDialog open={open} onClose={onClose} title={title} endorsements={endorsements} testId={testId} />;
}

function OpenedDialog({
  open,
  onClose,
  title,
  endorsements,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  endorsements: readonly EndorsementStatusRow[];
  testId: string;
}) {
  const { t } = useTranslation();
  const outcomeText = useOutcomeText();
  const titleId = `${testId}-title`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} data-testid={testId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {endorsements.length === 0 ? (
          <Typography color="text.secondary" data-testid={`${testId}-empty`}>
            {t("promotions.statusDialog.none")}
          </Typography>
        ) : (
          <PlainTable>
            <table aria-label={t("promotions.statusDialog.tableLabel")} data-testid={`${testId}-table`}>
              <thead>
                <tr>
                  <th scope="col">{t("promotions.statusDialog.name")}</th>
                  <th scope="col">{t("promotions.statusDialog.email")}</th>
                  <th scope="col">{t("promotions.statusDialog.requestStatus")}</th>
                  <th scope="col">{t("promotions.statusDialog.outcome")}</th>
                </tr>
              </thead>
              <tbody>
                {endorsements.map((e) => (
                  <tr key={e.id} data-testid={`${testId}-row-${e.id}`}>
                    <td>{e.endorser.name}</td>
                    <td>{e.endorser.email}</td>
                    <td data-testid={`${testId}-status-${e.id}`}>{t(ENDORSEMENT_STATUS_KEYS[e.status])}</td>
                    <td data-testid={`${testId}-outcome-${e.id}`}>{outcomeText(e.status, e.outcome)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </PlainTable>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={`${testId}-close`}>
          {t("promotions.statusDialog.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The "Endorsements (n)" button that opens the status dialog of one nomination (`testId` names the button; the dialog is `${testId}-dialog`). */
export function EndorsementStatusButton({
  nomineeName,
  endorsements,
  testId,
  size = "small",
}: {
  nomineeName: string;
  endorsements: readonly EndorsementStatusRow[];
  testId: string;
  size?: "small" | "medium";
}) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  return (
    <>
      <StaticButton
        size={size}
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={t("promotions.statusDialog.buttonLabel", { name: nomineeName, count: endorsements.length })}
        data-testid={testId}
      >
        {t("promotions.statusDialog.button", { count: endorsements.length })}
      </StaticButton>
      <EndorsementStatusDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("promotions.statusDialog.title", { name: nomineeName })}
        endorsements={endorsements}
        testId={`${testId}-dialog`}
      />
    </>
  );
}
