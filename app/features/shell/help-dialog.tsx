import { useState } from "react";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Fab, Link, List, ListItem, Typography } from "@mui/material";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import { useTranslation } from "react-i18next";
import { HELP_DIALOG_WIDTH } from "~/platform/theme/theme";

/** Floating Help button (bottom right) and the 'Suggested Articles' dialog (spec §2). */
export function HelpButton({ feedback101Url }: { feedback101Url: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Fab
        color="secondary"
        variant="extended"
        size="medium"
        aria-label={t("help.button")}
        onClick={() => setOpen(true)}
        sx={{
          position: "fixed",
          right: { xs: 4, sm: 24 },
          bottom: { xs: 12, sm: 24 },
          // On a phone a 40 px round button inside the page's right gutter (48 px, app-shell.tsx), so it covers no text.
          width: { xs: 40, sm: "auto" },
          px: { xs: 0, sm: 2 },
          zIndex: (theme) => theme.zIndex.speedDial,
        }}
      >
        <HelpOutlineIcon sx={{ mr: { xs: 0, sm: 1 } }} />
        {/* On a phone only the icon (the button keeps its name), so it covers less of the page. */}
        <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
          {t("help.button")}
        </Box>
      </Fab>
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
    </>
  );
}
