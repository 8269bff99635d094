import { useEffect, useState, type FormEvent } from "react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, Stack, Typography } from "~/platform/ui/static";
import { NativeSelect } from "~/platform/ui/static-form";
import { Alert } from "~/platform/ui/static-data";
import { callApi } from "~/platform/api-client";
import { switchLanguage } from "~/platform/i18n/load-language";
import { formatDateTime } from "~/platform/i18n/format";
import { negotiateLanguage } from "~/platform/i18n/preferences";
import { useReader, useSetReader } from "~/platform/i18n/reader-context";

type Preferences = { locale: string | null; time_zone: string | null };
type LoaderData = { preferences: Preferences; languages: Array<{ code: string; name: string }>; timeZones: string[]; spoofing: boolean };
type ActionData = { ok: true; preferences: Preferences } | { ok: false; error: "invalid" | "spoofing" };

/** The browser's own language and zone: what "Same as my browser" stands for. */
function browserLanguage(): string {
  return negotiateLanguage(navigator.languages?.join(",") || navigator.language) ?? "en";
}
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * "Language and time zone" (ADR 0077): the person's own language (in its own name) and IANA time zone, saved to the
 * account (PATCH /api/v1/me/preferences; audited). Saving switches the page's language and zone in place, with no
 * data read again; without JavaScript the form posts to the page.
 */
export function PreferencesPage() {
  const { preferences, languages, timeZones, spoofing } = useLoaderData<LoaderData>();
  const posted = useActionData<ActionData>();
  const { t, i18n } = useTranslation();
  const reader = useReader();
  const setReader = useSetReader();
  const [locale, setLocale] = useState(preferences.locale ?? "");
  const [zone, setZone] = useState(preferences.time_zone ?? "");
  const [ownZone, setOwnZone] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "saving" | "saved" | "failed">(posted ? (posted.ok ? "saved" : "failed") : "idle");
  useEffect(() => setOwnZone(browserZone()), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setState("saving");
    const res = await callApi<{ preferences: Preferences }>("PATCH", "/api/v1/me/preferences", { locale: locale || null, time_zone: zone || null });
    if (!res.ok) {
      setState("failed");
      return;
    }
    const saved = res.body.preferences;
    const language = saved.locale ?? browserLanguage();
    await switchLanguage(i18n, language);
    setReader({ language, timeZone: saved.time_zone ?? browserZone() });
    setState("saved");
  };

  const previewZone = zone || ownZone || reader.timeZone;
  const nowText = ownZone ? formatDateTime(new Date(), { language: reader.language, timeZone: previewZone }) : "";

  return (
    <Stack spacing={2} style={{ padding: 24, maxWidth: 640 }} data-testid="preferences-page">
      <Typography variant="h5" component="h1">
        {t("preferences.title")}
      </Typography>
      <Typography color="text.secondary">{t("preferences.intro")}</Typography>
      {spoofing && <Alert severity="info">{t("preferences.spoofing")}</Alert>}
      <Form method="post" onSubmit={(e) => void submit(e)} data-testid="preferences-form">
        <Stack spacing={2}>
          <NativeSelect
            id="preferences-locale"
            name="locale"
            label={t("preferences.language")}
            value={locale}
            onChange={(e) => setLocale(e.target.value)}
            options={[{ value: "", label: t("preferences.languageBrowser") }, ...languages.map((l) => ({ value: l.code, label: l.name }))]}
            inputProps={{ "data-testid": "preferences-locale" }}
            disabled={spoofing}
            fullWidth
          />
          <NativeSelect
            id="preferences-time-zone"
            name="time_zone"
            label={t("preferences.timeZone")}
            value={zone}
            onChange={(e) => setZone(e.target.value)}
            options={[{ value: "", label: t("preferences.timeZoneBrowser", { zone: ownZone ?? "—" }) }, ...timeZones.map((z) => ({ value: z, label: z }))]}
            helperText={t("preferences.timeZoneHelp")}
            inputProps={{ "data-testid": "preferences-time-zone" }}
            disabled={spoofing}
            fullWidth
          />
          <Typography variant="body2" color="text.secondary" data-testid="preferences-now">
            {nowText && t("preferences.example", { time: nowText })}
          </Typography>
          <div>
            <Button type="submit" variant="contained" disabled={spoofing || state === "saving"} data-testid="preferences-save">
              {state === "saving" ? t("preferences.saving") : t("preferences.save")}
            </Button>
          </div>
        </Stack>
      </Form>
      {state === "saved" && (
        <Alert severity="success" role="status" data-testid="preferences-saved">
          {t("preferences.saved")}
        </Alert>
      )}
      {state === "failed" && (
        <Alert severity="error" data-testid="preferences-failed">
          {t("preferences.failed")}
        </Alert>
      )}
    </Stack>
  );
}
