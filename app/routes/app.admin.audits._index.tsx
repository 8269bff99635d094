import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link as RemixLink, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Box,
  Button,
  Chip,
  Collapse,
  IconButton,
  InputAdornment,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import KeyboardArrowDownIcon from "@mui/icons-material/KeyboardArrowDown";
import KeyboardArrowUpIcon from "@mui/icons-material/KeyboardArrowUp";
import SearchIcon from "@mui/icons-material/Search";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { pageTitle } from "~/platform/i18n/page-title";
import { JsonDiff } from "~/features/audit/json-diff";
import { Time } from "~/platform/i18n/time";
import { AUDIT_LIMIT_DEFAULT, AUDIT_PAGE_SIZES } from "~/features/audit/rules";
import { AuditListQuery } from "~/features/audit/contract.server";
import { assertSuperAdmin, pageGuard, requireUser } from "~/platform/auth.server";
import { listAudits } from "~/features/audit/service.server";

export const handle = pageTitle("audit.pageTitle");

/** The sources an actor acts through (Actor["source"]), by their code; another code shows as it is. */
const SOURCE_KEYS: Record<string, TranslationKey> = {
  page: "audit.sources.page",
  api: "audit.sources.api",
  workflow: "audit.sources.workflow",
  system: "audit.sources.system",
  scim: "audit.sources.scim",
  cli: "audit.sources.cli",
};

/** limit, offset, search_query from the address; anything invalid falls back to the defaults. */
function queryOf(request: Request) {
  const url = new URL(request.url);
  const raw = {
    limit: url.searchParams.get("limit") ?? undefined,
    offset: url.searchParams.get("offset") ?? undefined,
    search_query: url.searchParams.get("search_query") ?? undefined,
  };
  const parsed = AuditListQuery.safeParse(raw);
  return parsed.success ? parsed.data : AuditListQuery.parse({ search_query: raw.search_query?.slice(0, 200) });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return listAudits(queryOf(request));
}

type Person = { id: number; name: string; email: string } | null;

/** Timestamps as UTC text, the same on the server and in the browser. */
function ActorCell({ actor, realActor, label }: { actor: Person; realActor: Person; label: string | null }) {
  const { t } = useTranslation();
  // No user acted: the system, or an identity provider's SCIM token / a command-line tool, named by its label.
  if (!actor && !realActor) return <Typography variant="body2">{label ?? t("audit.system")}</Typography>;
  const spoofed = actor && realActor && actor.id !== realActor.id;
  const who = actor ?? realActor!;
  return (
    <Box>
      <Typography variant="body2">{who.name}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
        {who.email}
      </Typography>
      {spoofed && (
        <Typography variant="caption" color="warning.main" sx={{ display: "block" }} data-testid="audit-real-actor">
          {t("audit.realActor", { name: realActor!.name, email: realActor!.email })}
        </Typography>
      )}
    </Box>
  );
}

function entityLink(type: string, id: string) {
  if (type === "User" && /^\d+$/.test(id)) return `/app/admin/users/${id}`;
  if (type === "Cycle" && /^\d+$/.test(id)) return `/app/admin/cycles/${id}`;
  return null;
}

export default function AdminAudits() {
  const { audits, total, limit, offset } = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/admin/audits";
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const searchQuery = searchParams.get("search_query") ?? "";
  const { t } = useTranslation();

  const setPaging = (nextOffset: number, nextLimit: number) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set("limit", String(nextLimit));
        params.set("offset", String(nextOffset));
        return params;
      },
      { preventScrollReset: true },
    );

  const pageSizes = AUDIT_PAGE_SIZES.includes(limit) ? AUDIT_PAGE_SIZES : [...AUDIT_PAGE_SIZES, limit].sort((a, b) => a - b);

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t("audit.title")}
      </Typography>

      <Form method="get" key={searchQuery}>
        {limit !== AUDIT_LIMIT_DEFAULT && <input type="hidden" name="limit" value={limit} />}
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: "center" }}>
          <TextField
            name="search_query"
            label={t("audit.search")}
            placeholder={t("audit.searchPlaceholder")}
            size="small"
            defaultValue={searchQuery}
            sx={{ minWidth: { xs: 200, sm: 360 } }}
            slotProps={{
              htmlInput: { "data-testid": "audits-search", maxLength: 200 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained" data-testid="audits-search-submit">
            {t("audit.searchButton")}
          </Button>
          {searchQuery && (
            <Button component={RemixLink} to="/app/admin/audits" data-testid="audits-search-clear">
              {t("audit.clear")}
            </Button>
          )}
        </Stack>
      </Form>

      <Paper variant="outlined">
        {loading ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label={t("audit.log")}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{t("audit.columns.time")}</TableCell>
                <TableCell>{t("audit.columns.action")}</TableCell>
                <TableCell>{t("audit.columns.entity")}</TableCell>
                <TableCell>{t("audit.columns.actor")}</TableCell>
                <TableCell>{t("audit.columns.source")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {audits.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography color="text.secondary" data-testid="audits-empty">
                      {t("audit.empty")}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {audits.map((audit) => {
                const expanded = open[audit.id] ?? false;
                const link = entityLink(audit.entity_type, audit.entity_id);
                return (
                  <Fragment key={audit.id}>
                    <TableRow hover data-testid={`audit-row-${audit.id}`} sx={{ "& > td": { borderBottom: expanded ? "unset" : undefined } }}>
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-label={expanded ? t("audit.hide") : t("audit.show")}
                          aria-expanded={expanded}
                          onClick={() => setOpen((o) => ({ ...o, [audit.id]: !expanded }))}
                          data-testid={`audit-expand-${audit.id}`}
                        >
                          {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                        </IconButton>
                      </TableCell>
                      <TableCell sx={{ minWidth: 110 }}>
                        <Time value={audit.created_at} />
                      </TableCell>
                      <TableCell>
                        {/* A long action code wraps inside its chip rather than widening the table (longer headings in other languages). */}
                        <Chip label={audit.action} size="small" variant="outlined" sx={{ height: "auto", maxWidth: "100%", "& .MuiChip-label": { whiteSpace: "normal", overflowWrap: "anywhere", py: 0.25 } }} />
                      </TableCell>
                      <TableCell>
                        {link ? (
                          <Link component={RemixLink} to={link}>
                            {audit.entity_type} #{audit.entity_id}
                          </Link>
                        ) : (
                          `${audit.entity_type} #${audit.entity_id}`
                        )}
                      </TableCell>
                      <TableCell>
                        <ActorCell actor={audit.actor} realActor={audit.real_actor} label={audit.actor_label} />
                      </TableCell>
                      <TableCell>{SOURCE_KEYS[audit.source] ? t(SOURCE_KEYS[audit.source]!) : audit.source}</TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell colSpan={6} sx={{ py: 0 }}>
                        <Collapse in={expanded} timeout="auto" unmountOnExit>
                          <Box sx={{ py: 2 }} data-testid={`audit-detail-${audit.id}`}>
                            <JsonDiff before={audit.before} after={audit.after} />
                          </Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(Math.floor(offset / limit), Math.max(0, Math.ceil(total / limit) - 1))}
          rowsPerPage={limit}
          rowsPerPageOptions={pageSizes}
          onPageChange={(_, page) => setPaging(page * limit, limit)}
          onRowsPerPageChange={(e) => setPaging(0, Number(e.target.value))}
          // On a phone the controls wrap onto two lines instead of scrolling sideways.
          sx={{ "& .MuiTablePagination-toolbar": { flexWrap: "wrap", justifyContent: "flex-end" } }}
          data-testid="audits-pagination"
        />
      </Paper>
    </Box>
  );
}
