import type { SerializeFrom } from "@remix-run/node";
import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import type { TranslationKey } from "~/platform/i18n/locales/types";

/**
 * The document's title in the reader's language (ADR 0080). A route says which title it has in its `handle`:
 *
 *   export const handle = pageTitle("home.title");
 *   export const handle = pageTitle<typeof loader>((data) => pageMessage("summaries.titleOf", { name: data?.name ?? "" }));
 *
 * and the root writes `<title>` from the deepest route that has one, through `t`, so the title follows a change of
 * language like every other text. A route's `meta` never gives a title as well (two `<title>` tags).
 */
type TitleOf<Data> = (data: Data | undefined) => PageMessage;
export type TitleHandle = { title: TitleOf<unknown> };

export function pageTitle<Loader = never>(title: TranslationKey | TitleOf<SerializeFrom<Loader>>): TitleHandle {
  if (typeof title === "string") return { title: () => ({ key: title }) };
  return { title: title as TitleOf<unknown> };
}

type TitledMatch = { handle?: unknown; data?: unknown };

function isTitleHandle(handle: unknown): handle is TitleHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as { title?: unknown }).title === "function";
}

/** The title of the deepest route that has one, or null (then the document is titled plain "PMR"). */
export function titleOfMatches(matches: readonly TitledMatch[]): PageMessage | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    if (isTitleHandle(match.handle)) return match.handle.title(match.data ?? undefined);
  }
  return null;
}

/**
 * Rendered in the root's `<head>` after `<Meta />`. Remix gives a route's `meta` only the matches above it, so the
 * root cannot tell whether a deeper route names a title: the root has no `meta`, and this says "PMR" when none does.
 */
export function DocumentTitle() {
  const matches = useMatches();
  const { t } = useTranslation();
  const title = titleOfMatches(matches);
  return <title>{title ? messageText(t, title) : "PMR"}</title>;
}
