import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink, Link, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/participants/components/participants.module.css";

/** The participant admin pages' shared parts (static markup, issue 27). The back link to a cycle's participants and the page heading. */
export function ParticipantsPageHeader({ cycle, title, gap = 2 }: { cycle: { id: number; name: string }; title: ReactNode; gap?: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={`/app/admin/cycles/${cycle.id}/participants`} className={css.back}>
        {t("participants.back", { cycle: cycle.name })}
      </Link>
      <Typography variant="h5" component="h1" className={gap === 1 ? css.headingTight : css.heading}>
        {title}
      </Typography>
    </>
  );
}

/** Save (submits the page's form; `label` names it) and Cancel (back to the participants). */
export function ParticipantFormButtons({ cycleId, busy, saveTestId, label }: { cycleId: number; busy: boolean; saveTestId: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} className={css.formButtons}>
      <Button type="submit" variant="contained" disabled={busy} data-testid={saveTestId}>
        {label ?? t("participants.save")}
      </Button>
      <ButtonLink to={`/app/admin/cycles/${cycleId}/participants`}>{t("participants.cancel")}</ButtonLink>
    </Stack>
  );
}
