import { useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, List, ListItem, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { HELP_DIALOG_WIDTH } from "~/platform/theme/theme";
import { ICON, StaticIcon, controls } from "~/platform/ui/static-controls";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/shell/floating-controls.module.css";

/** Floating Help button (bottom right) and the 'Suggested Articles' dialog (spec §2). */
export function HelpButton({ feedback101Url }: { feedback101Url: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  return (
    <>
      {/* A static button (it is on every page; issue 27, ADR 0062); the dialog is MUI's, mounted once it opens. */}
      <button type="button" className={`${controls.fab} ${css.help}`} aria-label={t("help.button")} onClick={() => setOpen(true)}>
        <StaticIcon d={ICON.helpOutline} />
        {/* Only the icon (the button keeps its name "Help"), so it fits the page's right gutter (ADR 0068). */}
        <span className={css.helpText}>{t("help.button")}</span>
      </button>
      {mounted && (
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="help-dialog-title"
        slotProps={{ paper: { sx: { width: HELP_DIALOG_WIDTH, maxWidth: "100%" } } }}
      >
        <DialogTitle id="help-dialog-title">{t("help.title")}</DialogTitle>
        <DialogContent>
          <List dense>
            <ListItem disableGutters>
              <Link href={feedback101Url} target="_blank" rel="noopener noreferrer">
                {t("help.feedback101")}
              </Link>
            </ListItem>
          </List>
          <Typography variant="body2" color="text.secondary">
            {t("help.ticket")}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t("help.close")}</Button>
        </DialogActions>
      </Dialog>
      )}
    </>
  );
}
