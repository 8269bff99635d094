import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { Alert, Box, Button, ButtonLink, Link, Paper, Stack, Typography } from "~/platform/ui/static";
import { TextField } from "~/platform/ui/static-form";
import { useOpenedOnce } from "~/platform/ui/mount-hooks";
import css from "~/features/participants/components/participants.module.css";
import { StaticPagination } from "~/platform/ui/static-pagination";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText, pageMessage } from "~/platform/i18n/page-message";
import { pageTitle } from "~/platform/i18n/page-title";
import { requireAdminCycle } from "~/features/cycles/admin-guard.server";
import { CycleStageChip } from "~/features/cycles/components/cycle-stage-chip";
import type { CycleStage } from "~/features/cycles/rules";
import { participantFormFailure } from "~/features/participants/pages.server";
import { ParticipantsTable } from "~/features/participants/components/participants-table";
import { deleteParticipant } from "~/features/participants/service.server";
import { listParticipantsOf } from "~/features/participants/queries.server";
import { requestPreferences } from "~/platform/i18n/request-preferences.server";
import { ParticipantListQuerySchema } from "~/features/participants/schemas";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("participants.titleOf", { cycle: data.cycle.name }) : pageMessage("participants.titleUnknown"),
);

const PAGE_SIZES = [10, 25, 50, 100];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cycle } = await requireAdminCycle(request, params);
  const url = new URL(request.url);
  const parsed = ParticipantListQuerySchema.safeParse({
    q: url.searchParams.get("q") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
    page_size: url.searchParams.get("page_size") ?? undefined,
  });
  // A bad page or page size in the address falls back to the first page.
  const query = parsed.success ? parsed.data : { q: url.searchParams.get("q")?.slice(0, 200), page: 1, page_size: 25 };
  const result = await listParticipantsOf(cycle.id, query, (await requestPreferences(request)).language);
  return { cycle, ...result, q: query.q ?? "", page: query.page, pageSize: query.page_size };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { current, cycle } = await requireAdminCycle(request, params);
  const form = await request.formData();
  const email = form.get("email");
  if (form.get("intent") !== "delete" || typeof email !== "string" || !email) {
    return data({ ok: false as const, message: pageMessage("participants.result.invalidRequest") }, { status: 400 });
  }
  try {
    await deleteParticipant(current.actor, cycle.id, email);
  } catch (err) {
    const failure = participantFormFailure(err, "participants.result.deleteFailed");
    return data({ ok: false as const, message: failure.formError ?? pageMessage("participants.result.deleteFailed") }, { status: failure.status });
  }
  return { ok: true as const, message: pageMessage("participants.result.removed", { email }) };
}

export default function ParticipantsList() {
  const { cycle, participants, total, q, page, pageSize } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [searchParams, setSearchParams] = useSearchParams();
  const submit = useSubmit();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState<{ email: string; name: string } | null>(null);
  const dialogMounted = useOpenedOnce(confirm !== null);
  const base = `/app/admin/cycles/${cycle.id}/participants`;

  useEffect(() => {
    if (result?.ok) enqueueSnackbar(messageText(t, result.message), { variant: "success" });
  }, [result, enqueueSnackbar, t]);
  useEffect(() => {
    if (navigation.state === "idle") setConfirm(null);
  }, [navigation.state]);
  // A change made on another participant page redirects here with ?done=...: the shell shows it (AddressToasts).

  const withChanges = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    return next;
  };
  const goTo = (changes: Record<string, string | null>) => setSearchParams(withChanges(changes));
  const pageHref = (p: number) => {
    const query = withChanges({ page: p === 1 ? null : String(p) }).toString();
    return query ? `${base}?${query}` : base;
  };

  return (
    <Box className={css.page}>
      <Link to={`/app/admin/cycles/${cycle.id}`} className={css.back} data-testid="cycle-back-link">
        ← {cycle.name}
      </Link>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap className={css.header}>
        <Typography variant="h5" component="h1">
          {t("participants.title")}
        </Typography>
        <CycleStageChip cycleId={cycle.id} stage={cycle.state as CycleStage} />
        <Box className={css.spacer} />
        <ButtonLink to={`${base}/create`} variant="contained" data-testid="participant-create-link">
          {t("participants.add")}
        </ButtonLink>
      </Stack>

      {result && !result.ok && (
        <Alert severity="error" className={css.alert} data-testid="participants-error">
          {messageText(t, result.message)}
        </Alert>
      )}

      <Form
        method="get"
        role="search"
        key={q}
        onSubmit={(e) => {
          e.preventDefault();
          const text = String(new FormData(e.currentTarget).get("q") ?? "").trim();
          goTo({ q: text, page: null });
        }}
      >
        <div className={css.search}>
          <TextField
            id="participants-search"
            name="q"
            size="small"
            label={t("participants.search")}
            defaultValue={q}
            fullWidth
            inputProps={{ "data-testid": "participants-search", maxLength: 200 }}
          />
          <Button type="submit" variant="outlined" data-testid="participants-search-submit">
            {t("participants.searchButton")}
          </Button>
          {q && (
            <Button onClick={() => goTo({ q: null, page: null })} data-testid="participants-search-clear">
              {t("participants.clear")}
            </Button>
          )}
        </div>
      </Form>

      {participants.length === 0 ? (
        <Typography data-testid="participants-empty">{q ? t("participants.noMatch", { q }) : t("participants.none")}</Typography>
      ) : (
        <Paper variant="outlined">
          <ParticipantsTable participants={participants} base={base} busy={busy} onDelete={setConfirm} />
          <StaticPagination
            total={total}
            page={page}
            pageSize={pageSize}
            sizes={PAGE_SIZES}
            hrefOf={pageHref}
            onPageSize={(size) => goTo({ page_size: String(size), page: null })}
            className={css.paginationTop}
            testIds={{ root: "participants-pagination" }}
          />
        </Paper>
      )}

      {dialogMounted && (
        <Dialog open={confirm !== null} onClose={() => !busy && setConfirm(null)} data-testid="participant-delete-dialog">
          <DialogTitle>{t("participants.deleteParticipant")}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t("participants.deleteText", { name: confirm?.name ?? "", email: confirm?.email ?? "", cycle: cycle.name })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setConfirm(null)} disabled={busy}>
              {t("participants.cancel")}
            </MuiButton>
            <MuiButton
              color="error"
              variant="contained"
              disabled={busy}
              data-testid="participant-delete-confirm"
              onClick={() => confirm && submit({ intent: "delete", email: confirm.email }, { method: "post" })}
            >
              {t("participants.delete")}
            </MuiButton>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
