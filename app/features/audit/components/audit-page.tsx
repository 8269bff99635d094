import { Form, Link as RemixLink, useLoaderData, useLocation, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";
import { Time } from "~/platform/i18n/time";
import { Box, Button, ButtonLink, Chip, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, buttonClass, cx } from "~/platform/ui/static";
import { NativeSelect, TextField } from "~/platform/ui/static-form";
import { StaticIcon, controls } from "~/platform/ui/static-controls";
import { JsonDiff } from "~/features/audit/json-diff";
import { AUDIT_LIMIT_DEFAULT, AUDIT_PAGE_SIZES, type AuditPageData } from "~/features/audit/rules";
import css from "~/features/audit/components/audit-page.module.css";

/**
 * The audit log page (/app/admin/audits; super admin): search, a page of records (time, action, entity, actor, source)
 * each with its before and after on demand, and the page links. Static markup and CSS (issue 27): nothing in its server
 * render needs runtime styles; the before/after view mounts when a row is opened.
 */

/** The sources an actor acts through (Actor["source"]), by their code; another code shows as it is. */
const SOURCE_KEYS: Record<string, TranslationKey> = {
  page: "audit.sources.page",
  api: "audit.sources.api",
  workflow: "audit.sources.workflow",
  system: "audit.sources.system",
  scim: "audit.sources.scim",
  cli: "audit.sources.cli",
};

/** Material icons' KeyboardArrowDown / KeyboardArrowUp. */
const ARROW_DOWN = "M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z";
const ARROW_UP = "M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z";

type Person = { id: number; name: string; email: string } | null;

function ActorCell({ actor, realActor, label }: { actor: Person; realActor: Person; label: string | null }) {
  const { t } = useTranslation();
  // No user acted: the system, or an identity provider's SCIM token / a command-line tool, named by its label.
  if (!actor && !realActor) return <Typography variant="body2">{label ?? t("audit.system")}</Typography>;
  const spoofed = actor && realActor && actor.id !== realActor.id;
  const who = actor ?? realActor!;
  return (
    <Box>
      <Typography variant="body2">{who.name}</Typography>
      <Typography variant="caption" color="text.secondary" className={css.caption}>
        {who.email}
      </Typography>
      {spoofed && (
        <Typography variant="caption" color="warning.main" className={css.caption} data-testid="audit-real-actor">
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

/** This address with `limit` and `offset` set (the search kept). */
function pagingHref(pathname: string, search: string, offset: number, limit: number): string {
  const params = new URLSearchParams(search);
  params.set("limit", String(limit));
  params.set("offset", String(offset));
  return `${pathname}?${params}`;
}

/** Rows per page, "1–50 of 120", previous and next (links, so they work before hydration; the scroll position is kept). */
function AuditPages({ total, limit, offset }: { total: number; limit: number; offset: number }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(Math.floor(offset / limit), pages - 1);
  const from = total === 0 ? 0 : page * limit + 1;
  const to = Math.min(total, (page + 1) * limit);
  const sizes = AUDIT_PAGE_SIZES.includes(limit) ? AUDIT_PAGE_SIZES : [...AUDIT_PAGE_SIZES, limit].sort((a, b) => a - b);
  const look = buttonClass({ variant: "outlined", size: "small" });
  return (
    <Stack component="nav" direction="row" spacing={2} flexWrap className={css.pages} aria-label={t("audit.pages.label")} data-testid="audits-pagination">
      <NativeSelect
        label={t("audit.pages.rowsPerPage")}
        size="small"
        className={css.perPage}
        value={String(limit)}
        options={sizes.map((n) => ({ value: String(n), label: String(n) }))}
        onChange={(e) => navigate(pagingHref(pathname, search, 0, Number(e.target.value)), { preventScrollReset: true })}
        inputProps={{ "data-testid": "audits-page-size" }}
      />
      <Typography variant="body2">{t("audit.pages.range", { from, to, total })}</Typography>
      {page > 0 && (
        <RemixLink to={pagingHref(pathname, search, (page - 1) * limit, limit)} preventScrollReset className={look} data-testid="audits-page-previous">
          {t("audit.pages.previous")}
        </RemixLink>
      )}
      {page < pages - 1 && (
        <RemixLink to={pagingHref(pathname, search, (page + 1) * limit, limit)} preventScrollReset className={look} data-testid="audits-page-next">
          {t("audit.pages.next")}
        </RemixLink>
      )}
    </Stack>
  );
}

export function AuditPage() {
  const { audits, total, limit, offset } = useLoaderData<AuditPageData>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/admin/audits";
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const searchQuery = searchParams.get("search_query") ?? "";
  const { t } = useTranslation();

  return (
    <Box className={css.page}>
      <Typography variant="h5" component="h1" className={css.title}>
        {t("audit.title")}
      </Typography>

      <Form method="get" key={searchQuery}>
        {limit !== AUDIT_LIMIT_DEFAULT && <input type="hidden" name="limit" value={limit} />}
        <Stack direction="row" spacing={1} flexWrap className={css.search}>
          <TextField
            name="search_query"
            label={t("audit.search")}
            placeholder={t("audit.searchPlaceholder")}
            size="small"
            defaultValue={searchQuery}
            className={css.searchField}
            inputProps={{ "data-testid": "audits-search", maxLength: 200, className: css.searchInput }}
          />
          <Button type="submit" variant="contained" data-testid="audits-search-submit">
            {t("audit.searchButton")}
          </Button>
          {searchQuery && (
            <ButtonLink to="/app/admin/audits" data-testid="audits-search-clear">
              {t("audit.clear")}
            </ButtonLink>
          )}
        </Stack>
      </Form>

      <Paper variant="outlined">
        <div className={loading ? css.loading : css.idle} role={loading ? "progressbar" : undefined} aria-label={loading ? t("audit.loading") : undefined} />
        <TableContainer>
          <Table size="small" aria-label={t("audit.log")} className={css.table}>
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
                    <TableRow hover data-testid={`audit-row-${audit.id}`} className={expanded ? css.expanded : undefined}>
                      <TableCell padding="checkbox">
                        <button
                          type="button"
                          className={cx(controls.iconButton, controls.iconButtonSmall)}
                          aria-label={expanded ? t("audit.hide") : t("audit.show")}
                          aria-expanded={expanded}
                          onClick={() => setOpen((o) => ({ ...o, [audit.id]: !expanded }))}
                          data-testid={`audit-expand-${audit.id}`}
                        >
                          <StaticIcon d={expanded ? ARROW_UP : ARROW_DOWN} />
                        </button>
                      </TableCell>
                      <TableCell className={css.time}>
                        <Time value={audit.created_at} />
                      </TableCell>
                      <TableCell>
                        <Chip label={audit.action} size="small" variant="outlined" className={css.action} />
                      </TableCell>
                      <TableCell>
                        {link ? (
                          <Link to={link}>
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
                    {expanded && (
                      <TableRow>
                        <TableCell colSpan={6}>
                          <Box className={css.detail} data-testid={`audit-detail-${audit.id}`}>
                            <JsonDiff before={audit.before} after={audit.after} />
                          </Box>
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <AuditPages total={total} limit={limit} offset={offset} />
      </Paper>
    </Box>
  );
}
