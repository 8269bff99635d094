import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/platform/i18n/reader-context";
import { CALIBRATED_RATINGS } from "~/features/participants/rules";
import { POTENTIALS, type Potential, type SessionState } from "~/features/calibration/rules";
import { BAND_KEYS, POTENTIAL_KEYS, RATING_KEYS, STATE_KEYS } from "~/features/calibration/meeting-keys";

/**
 * The meeting pages' shared words in the reader's language (issue 28, section calibrationMeeting): a rating on the
 * spec's scale ('3 - Meets Expectations'), a 9-box potential and performance band, a session's state, and an
 * instant in the reader's language and zone with the zone named (ADR 0077). '—' for none; a value off the scale as
 * its number.
 */
export function useMeetingText() {
  const { t } = useTranslation();
  const format = useFormat();
  return useMemo(() => {
    // The scales' few words translated once per language, not once per row (issue 27: a page of rows asked i18next
    // for the same words hundreds of times).
    const none = t("calibrationMeeting.none");
    const ratings = new Map<number, string>(CALIBRATED_RATINGS.map((r) => [r, t(RATING_KEYS[r])]));
    const potentials = new Map<number, string>(POTENTIALS.map((p) => [p, t(POTENTIAL_KEYS[p])]));
    const rating = (value: number | null | undefined): string => (value == null ? none : (ratings.get(value) ?? String(value)));
    const potential = (value: number | null | undefined): string => (value == null ? none : (potentials.get(value) ?? String(value)));
    const band = (value: 1 | 2 | 3): string => t(BAND_KEYS[value]);
    return {
      t,
      rating,
      potential,
      band,
      box: (b: 1 | 2 | 3, p: Potential) => t("calibrationMeeting.nineBox.box", { band: band(b), potential: potential(p) }),
      state: (state: SessionState): string => t(STATE_KEYS[state]),
      when: (iso: string): string => format.dateTime(iso),
      number: format.number,
    };
  }, [t, format]);
}
