import { z } from "zod";
import { requireUser } from "~/platform/auth.server";
import { notFoundPage, pageRead } from "~/platform/page-errors.server";
import { TREND_CYCLES_DEFAULT } from "~/features/performance-trends/rules";
import { readTrendsPage } from "~/features/performance-trends/page-reads.server";
import type { TrendsPageData } from "~/features/performance-trends/types";

/**
 * /app/performance-dashboard?email= 'Performance Trends Report' (ADR 0030): the signed-in person's trends, or with
 * ?email= those of a direct or secondary report (or anyone, for a super admin). The same services as the API, so
 * the page shows exactly what the calls answer (read in one statement, page-reads.server.ts): a malformed or unknown email is the 404 page, someone else's the 403 page.
 */

const EmailParam = z.string().trim().toLowerCase().pipe(z.email());

export async function loadTrendsPage(request: Request): Promise<TrendsPageData> {
  const current = await requireUser(request);
  const raw = new URL(request.url).searchParams.get("email");
  let email = current.user.email.toLowerCase();
  if (raw !== null && raw !== "") {
    const parsed = EmailParam.safeParse(raw);
    if (!parsed.success) throw notFoundPage();
    email = parsed.data;
  }
  return pageRead(() => readTrendsPage(current, email, TREND_CYCLES_DEFAULT));
}
