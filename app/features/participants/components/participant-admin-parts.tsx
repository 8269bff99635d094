import { Link as RemixLink } from "@remix-run/react";
import { Button, Link, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The participant admin pages' shared parts. The back link to a cycle's participants and the page heading, shared by the participant admin pages. */
export function ParticipantsPageHeader({ cycle, title, gap = 2 }: { cycle: { id: number; name: string }; title: ReactNode; gap?: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Link component={RemixLink} to={`/app/admin/cycles/${cycle.id}/participants`} sx={{ display: "inline-block", mb: 1 }}>
        {t("participants.back", { cycle: cycle.name })}
      </Link>
      <Typography variant="h5" component="h1" sx={{ mb: gap }}>
        {title}
      </Typography>
    </>
  );
}

/** Save (submits the page's form; `label` names it) and Cancel (back to the participants). */
export function ParticipantFormButtons({ cycleId, busy, saveTestId, label }: { cycleId: number; busy: boolean; saveTestId: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
      <Button type="submit" variant="contained" disabled={busy} data-testid={saveTestId}>
        {label ?? t("participants.save")}
      </Button>
      <Button component={RemixLink} to={`/app/admin/cycles/${cycleId}/participants`}>
        {t("participants.cancel")}
      </Button>
    </Stack>
  );
}
