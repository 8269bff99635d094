import { Box, TextField } from "@mui/material";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { UserEmailAutocomplete } from "~/features/users/user-email-autocomplete";
import { Button, Typography } from "~/platform/ui/static";
import { TextField as StaticTextField } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import type { AddPeerPanel, SelectionActionResult } from "~/features/peer-selection/types";
import { useActionUrl, useResultToasts, useSayMessage } from "~/features/peer-selection/components/use-selection-action";
import css from "~/features/peer-selection/components/peer-pages.module.css";
import { useTranslation } from "react-i18next";
import { PEER_STATUS_KEYS } from "~/features/peer-selection/messages";
import { reviewerTypeKey } from "~/features/feedback/answer-messages";

/**
 * The add-peer form of the panel: the peer picker (suggestions, who is already taken) and its submit button. The server
 * render (and the first browser render) draws the picker as a static field with the same label, placeholder and help
 * (no emotion work, issue 27); MUI's Autocomplete takes its place on hydration.
 */

/** Email field with suggestions from GET /api/v1/users?q= (any active employee may be asked). */
function PeerPicker({ value, onChange, error, disabled, taken }: { value: string; onChange: (v: string) => void; error: string | null; disabled: boolean; taken: Map<string, string> }) {
  const query = value.trim();
  const { t } = useTranslation();
  if (!useHydrated()) {
    return (
      <StaticTextField
        className={css.picker}
        name="peer_email"
        label={t("peers.add.label")}
        placeholder={t("peers.add.search")}
        size="small"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        autoComplete="off"
        helperText={t("peers.add.help")}
        inputProps={{ "data-testid": "peer-add-input" }}
      />
    );
  }
  return (
    <UserEmailAutocomplete
      value={value}
      onChange={onChange}
      suggestionsUrl={(open) => (open && query.length >= 2 ? `/api/v1/users?q=${encodeURIComponent(query)}` : null)}
      disabled={disabled}
      sx={{ flex: 1, minWidth: 260 }}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const email = typeof o === "string" ? o : o.email;
        const note = taken.get(email.toLowerCase());
        return (
          <li key={key} {...rest} data-testid={`peer-option-${email}`}>
            <Box>
              <Typography variant="body2">{typeof o === "string" ? o : `${o.name} <${o.email}>`}</Typography>
              {note && (
                <Typography variant="caption" color="text.secondary">
                  {note}
                </Typography>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name="peer_email"
          label={t("peers.add.label")}
          placeholder={t("peers.add.search")}
          size="small"
          error={!!error}
          helperText={error ?? t("peers.add.help")}
          slotProps={{
            htmlInput: { ...params.inputProps, "data-testid": "peer-add-input", autoComplete: "off" },
            formHelperText: { "data-testid": error ? "peer-add-error" : "peer-add-help" } as object,
          }}
        />
      )}
    />
  );
}

export function AddPeerForm({ panel, spoofing }: { panel: AddPeerPanel; spoofing: boolean }) {
  const fetcher = useFetcher<SelectionActionResult>();
  const action = useActionUrl();
  const { t } = useTranslation();
  const say = useSayMessage();
  const [text, setText] = useState("");
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useResultToasts(fetcher.data, false);
  useEffect(() => {
    if (result?.ok) setText("");
  }, [result]);
  const taken = new Map<string, string>();
  for (const m of panel.mandatory_reviewers) {
    const type = reviewerTypeKey(m.reviewer_type);
    taken.set(m.email.toLowerCase(), t("peers.add.mandatoryNote", { type: type ? t(type) : m.reviewer_type_label }));
  }
  for (const p of panel.peers) taken.set(p.email.toLowerCase(), t("peers.add.askedNote", { status: t(PEER_STATUS_KEYS[p.status]) }));
  const full = panel.counters.remaining === 0;
  return (
    <fetcher.Form method="post" action={action} data-testid="peer-add-form">
      <input type="hidden" name="intent" value="add" />
      <div className={css.addRow}>
        <PeerPicker value={text} onChange={setText} error={result && !result.ok ? say(result.message) : null} disabled={spoofing} taken={taken} />
        <Button type="submit" variant="contained" disabled={spoofing || fetcher.state !== "idle" || text.trim() === ""} data-testid="peer-add-submit">
          {t("peers.add.submit")}
        </Button>
      </div>
      {full && (
        <Typography variant="body2" color="text.secondary" className={css.note} data-testid="peer-max-reached">
          {t("peers.add.full", { max: panel.max_peers })}
        </Typography>
      )}
    </fetcher.Form>
  );
}
