import { MenuItem, TextField as MuiTextField } from "@mui/material";
import { useState, type ReactNode } from "react";
import { Stack } from "~/platform/ui/static";
import { NativeSelect, TextField } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { ENDORSEMENT_DAYS_DEFAULT, ENDORSEMENT_RULES, type EndorsementRule } from "~/features/promotions/rules";
import { NAME_VISIBILITIES, type NameVisibility } from "~/features/cycles/reviewer-names";

const RULE_KEYS: Record<EndorsementRule, TranslationKey> = {
  none: "cyclesAdmin.form.endorsementRules.none",
  skip_level_manager: "cyclesAdmin.form.endorsementRules.skip_level_manager",
};
const NAMES_KEYS: Record<NameVisibility, TranslationKey> = {
  nobody: "cyclesAdmin.form.names.nobody",
  managers: "cyclesAdmin.form.names.managers",
  managers_and_calibration: "cyclesAdmin.form.names.managers_and_calibration",
};

export type CycleFormDefaults = {
  name?: string;
  start_date?: string | null;
  planned_end_date?: string | null;
  max_peers?: number | string;
  endorsement_rule?: string;
  endorsement_days?: number | string;
  peer_names?: string;
  upward_names?: string;
};
/** The server's field errors as keys and values (form-messages.server.ts), said in the reader's language. */
export type CycleFieldErrors = Partial<
  Record<"name" | "start_date" | "planned_end_date" | "max_peers" | "endorsement_rule" | "endorsement_days" | "peer_names" | "upward_names", PageMessage>
>;

/**
 * Name, dates, max peers, the endorsement rule and who sees reviewers' names (ADR 0058): the fields of the create and
 * edit cycle forms (server-validated with zod). `namesFixed`: feedback has opened; the server refuses a change (409).
 * Static form controls (issue 27): a server render does no style work; the three choices are native selects until
 * hydration and MUI's Select from then on (its listbox, keyboard and test ids, as the cycle switcher, ADR 0064).
 */
export function CycleFormFields({ defaults, errors, namesFixed = false }: { defaults?: CycleFormDefaults; errors?: CycleFieldErrors; namesFixed?: boolean }) {
  const { t } = useTranslation();
  const err = (k: keyof CycleFieldErrors) => {
    const message = errors?.[k];
    return message ? messageText(t, message) : undefined;
  };
  return (
    <Stack spacing={2} style={{ maxWidth: 480 }}>
      <TextField
        name="name"
        label={t("cyclesAdmin.form.name")}
        required
        defaultValue={defaults?.name ?? ""}
        error={!!err("name")}
        helperText={err("name")}
        inputProps={{ "data-testid": "cycle-field-name", maxLength: 200 }}
      />
      <TextField
        name="start_date"
        label={t("cyclesAdmin.form.startDate")}
        type="date"
        defaultValue={defaults?.start_date ?? ""}
        error={!!err("start_date")}
        helperText={err("start_date")}
        inputProps={{ "data-testid": "cycle-field-start-date" }}
      />
      <TextField
        name="planned_end_date"
        label={t("cyclesAdmin.form.endDate")}
        type="date"
        defaultValue={defaults?.planned_end_date ?? ""}
        error={!!err("planned_end_date")}
        helperText={err("planned_end_date")}
        inputProps={{ "data-testid": "cycle-field-planned-end-date" }}
      />
      <TextField
        name="max_peers"
        label={t("cyclesAdmin.form.maxPeers")}
        type="number"
        defaultValue={defaults?.max_peers ?? 10}
        error={!!err("max_peers")}
        helperText={err("max_peers") ?? t("cyclesAdmin.form.maxPeersHelp")}
        inputProps={{ "data-testid": "cycle-field-max-peers", min: 1, step: 1 }}
      />
      <ChoiceField
        name="endorsement_rule"
        label={t("cyclesAdmin.form.endorsementRule")}
        defaultValue={defaults?.endorsement_rule || "none"}
        error={err("endorsement_rule")}
        helperText={t("cyclesAdmin.form.endorsementRuleHelp")}
        testId="cycle-field-endorsement-rule"
        options={ENDORSEMENT_RULES.map((r) => ({ value: r, label: t(RULE_KEYS[r]) }))}
      />
      <TextField
        name="endorsement_days"
        label={t("cyclesAdmin.form.endorsementDays")}
        type="number"
        defaultValue={defaults?.endorsement_days ?? ENDORSEMENT_DAYS_DEFAULT}
        error={!!err("endorsement_days")}
        helperText={err("endorsement_days") ?? t("cyclesAdmin.form.endorsementDaysHelp")}
        inputProps={{ "data-testid": "cycle-field-endorsement-days", min: 1, max: 60, step: 1 }}
      />
      {(["peer_names", "upward_names"] as const).map((key) => (
        <ChoiceField
          key={key}
          name={key}
          label={key === "peer_names" ? t("cyclesAdmin.form.peerNames") : t("cyclesAdmin.form.upwardNames")}
          defaultValue={defaults?.[key] || "nobody"}
          error={err(key)}
          helperText={
            namesFixed ? t("cyclesAdmin.form.namesFixed") : t("cyclesAdmin.form.namesHelp")
          }
          testId={`cycle-field-${key.replace("_", "-")}`}
          options={NAME_VISIBILITIES.map((v) => ({ value: v, label: t(NAMES_KEYS[v]) }))}
        />
      ))}
    </Stack>
  );
}

/** One choice of the form, posted as `name`: a native select in the server render, MUI's Select once hydrated (same value). */
function ChoiceField(props: {
  name: string;
  label: string;
  defaultValue: string;
  error: string | undefined;
  helperText: ReactNode;
  testId: string;
  options: Array<{ value: string; label: string }>;
}) {
  const { name, label, error, helperText, testId, options } = props;
  const [value, setValue] = useState(props.defaultValue);
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <NativeSelect
        name={name}
        label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={!!error}
        helperText={error ?? helperText}
        inputProps={{ "data-testid": testId }}
        options={options}
      />
    );
  }
  return (
    <MuiTextField
      select
      name={name}
      label={label}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      error={!!error}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { "data-testid": testId } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}
