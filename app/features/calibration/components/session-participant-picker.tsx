import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { RATINGS, type Rating, type SessionState } from "~/features/calibration/rules";
import { RATING_KEYS } from "~/features/calibration/components/session-guideline-fields";
import type { HrPartnerParticipantJson } from "~/features/calibration/types";
import { isPickable } from "~/features/calibration/session-setup";
import { Box, Chip, Stack, TableCell, TableRow, Typography } from "~/platform/ui/static";
import { Checkbox, FormHelperText, TextField } from "~/platform/ui/static-form";
import { StackedTable } from "~/platform/ui/stacked-table";
import css from "~/features/calibration/components/session-pool.module.css";

/**
 * Participants of a session: a table of the pool (the HR partner's participants, or the cycle's for the admin)
 * with a checkbox on each one who can join (not reviewer-only, in no other session). The chosen ids are posted
 * as participant_id inputs. Also `PoolTable` (the lists' table of the pool) and `PoolSessionCell`, the session a
 * participant is in. Static markup (issue 27): every value wraps (no "…"), and below 1280 px the rows are stacked.
 * In the reader's language (issue 28).
 */

/** The session a participant is in, with its state: one whole text a state. */
const IN_SESSION: Record<SessionState, TranslationKey> = {
  draft: "calibrationSetup.pool.inSession.draft",
  active: "calibrationSetup.pool.inSession.active",
  in_review: "calibrationSetup.pool.inSession.in_review",
  revision_requested: "calibrationSetup.pool.inSession.revision_requested",
  closed: "calibrationSetup.pool.inSession.closed",
};

/** A proposed rating on the scale ("3 - Meets Expectations"), "—" when none. */
function ratingLabel(t: (key: TranslationKey) => string, rating: number | null): string {
  if (rating == null) return "—";
  return (RATINGS as readonly number[]).includes(rating) ? t(RATING_KEYS[rating as Rating]) : String(rating);
}

export function PoolSessionCell({ row, sessionId }: { row: HrPartnerParticipantJson; sessionId: number | null }) {
  const { t } = useTranslation();
  const testId = `pool-session-${row.participant_id}`;
  if (row.reviewer_only) return <Chip size="small" variant="outlined" label={t("calibrationSetup.pool.reviewerOnly")} wrap data-testid={testId} />;
  if (!row.session) return <Chip size="small" color="warning" label={t("calibrationSetup.pool.notInSession")} wrap data-testid={testId} />;
  if (row.session.id === sessionId) return <Chip size="small" color="primary" variant="outlined" label={t("calibrationSetup.pool.inThisSession")} wrap data-testid={testId} />;
  return (
    <Typography variant="body2" data-testid={testId} component="span" className={css.wrap}>
      {t(IN_SESSION[row.session.state], { name: row.session.name })}
    </Typography>
  );
}

/** The pool's rows as a table (the HR partner's and the admin's lists; the form's picker with `pick`). */
export function PoolTable({
  rows,
  sessionId,
  testId,
  ariaLabel,
  showSession = true,
  pick,
}: {
  rows: readonly HrPartnerParticipantJson[];
  sessionId: number | null;
  testId: string;
  ariaLabel: string;
  showSession?: boolean;
  pick?: {
    selected: ReadonlySet<number>;
    onToggle: (id: number, on: boolean) => void;
  };
}) {
  const { t } = useTranslation();
  return (
    <Box data-testid={testId} className={css.grid}>
      <StackedTable
        stackBelow="lg"
        ariaLabel={ariaLabel}
        empty={rows.length === 0}
        emptyText={t("calibrationSetup.pool.empty")}
        head={
          <>
            <TableCell>{t("calibrationSetup.columns.name")}</TableCell>
            <TableCell>{t("calibrationSetup.columns.email")}</TableCell>
            <TableCell>{t("calibrationSetup.columns.department")}</TableCell>
            <TableCell>{t("calibrationSetup.columns.manager")}</TableCell>
            <TableCell>{t("calibrationSetup.columns.proposedRating")}</TableCell>
            {showSession && <TableCell>{t("calibrationSetup.columns.calibrationSession")}</TableCell>}
          </>
        }
      >
        {rows.map((r) => (
          <TableRow key={r.participant_id} data-testid={`${testId}-row-${r.participant_id}`}>
            <TableCell>{pick ? <PickName row={r} sessionId={sessionId} pick={pick} /> : r.user.name}</TableCell>
            <TableCell data-label={t("calibrationSetup.columns.email")} className={css.wrap}>
              {r.user.email}
            </TableCell>
            <TableCell data-label={t("calibrationSetup.columns.department")}>{r.user.department ?? "—"}</TableCell>
            <TableCell data-label={t("calibrationSetup.columns.manager")}>{r.manager?.name ?? "—"}</TableCell>
            <TableCell data-label={t("calibrationSetup.columns.proposedRating")}>{ratingLabel(t, r.proposed_rating)}</TableCell>
            {showSession && (
              <TableCell data-label={t("calibrationSetup.columns.calibrationSession")}>
                <PoolSessionCell row={r} sessionId={sessionId} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </StackedTable>
    </Box>
  );
}

function PickName({ row, sessionId, pick }: { row: HrPartnerParticipantJson; sessionId: number | null; pick: NonNullable<Parameters<typeof PoolTable>[0]["pick"]> }) {
  const { t } = useTranslation();
  const pickable = isPickable(row, sessionId);
  return (
    <label className={css.pick}>
      <Checkbox
        size="small"
        checked={pick.selected.has(row.participant_id)}
        disabled={!pickable}
        onChange={(_e, on) => pick.onToggle(row.participant_id, on)}
        inputProps={{ "aria-label": t("calibrationSetup.pool.select", { name: row.user.name }) }}
      />
      <span>{row.user.name}</span>
    </label>
  );
}

/** Rows whose name, email, department or manager contain `q` (case-insensitive). */
export function searchPool(rows: readonly HrPartnerParticipantJson[], q: string): HrPartnerParticipantJson[] {
  const text = q.trim().toLowerCase();
  if (!text) return [...rows];
  return rows.filter((r) => [r.user.name, r.user.email, r.user.department ?? "", r.manager?.name ?? ""].some((s) => s.toLowerCase().includes(text)));
}

export function PoolSearch({ id, value, onChange, label, testId }: { id: string; value: string; onChange: (v: string) => void; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      type="search"
      label={label}
      placeholder={t("calibrationSetup.pool.placeholder")}
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={css.search}
      inputProps={{ "data-testid": testId, maxLength: 200 }}
    />
  );
}

export function ParticipantPicker({
  pool,
  sessionId,
  selected,
  onChange,
  error,
}: {
  pool: HrPartnerParticipantJson[];
  sessionId: number | null;
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}): ReactNode {
  const { t } = useTranslation();
  const [q, setQ] = useState("");
  const rows = useMemo(() => searchPool(pool, q), [pool, q]);
  const chosen = useMemo(() => new Set(selected), [selected]);
  const available = pool.filter((p) => !p.reviewer_only && p.session === null).length;
  // Rows hidden by the search keep their choice.
  const onToggle = (id: number, on: boolean) => onChange(on ? [...new Set([...selected, id])] : selected.filter((s) => s !== id));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h2" id="session-participants-heading">
        {t("calibrationSetup.pool.heading")}
      </Typography>
      <Stack direction="row" flexWrap spacing={2} alignItems="center">
        <PoolSearch id="session-participants-search" value={q} onChange={setQ} label={t("calibrationSetup.pool.search")} testId="session-participants-search" />
        <Typography data-testid="session-participants-count" aria-live="polite">
          {t("calibrationSetup.pool.count", { selected: selected.length, available })}
        </Typography>
      </Stack>
      <PoolTable rows={rows} sessionId={sessionId} testId="session-participants-grid" ariaLabel={t("calibrationSetup.pool.label")} pick={{ selected: chosen, onToggle }} />
      {selected.map((id) => (
        <input key={id} type="hidden" name="participant_id" value={id} />
      ))}
      {error && (
        <FormHelperText error data-testid="session-participants-error">
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
