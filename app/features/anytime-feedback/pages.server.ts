import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ApiError } from "~/platform/api.server";
import { isSpoofing, requireUser } from "~/platform/auth.server";
import { intentOf, pageAction, pageRead } from "~/platform/page-errors.server";
import { daysOf, PAGE_SIZE_DEFAULT, tabOf } from "~/features/anytime-feedback/rules";
import { FeedbackIdParams, GiveFeedbackBody } from "~/features/anytime-feedback/contract.server";
import { giveFeedback, isManager, listMine, listTeam, markViewed, myManagers, myPeople, teamPeople, unreadCount } from "~/features/anytime-feedback/service.server";
import type { AnytimeFeedbackPageData, PersonOption } from "~/features/anytime-feedback/types";

/**
 * /app/anytime-feedback (ADR 0029): ?tab=received|sent|team (team: managers only), ?person= (email), ?days=
 * (7, 30, 90 or 365; else all time), ?offset=. The action gives feedback (intent give) or marks a received item
 * viewed (intent viewed); the service checks the person again and refuses both while spoofing.
 */

const email = z.email().max(320);

export async function loadAnytimeFeedbackPage({ request }: LoaderFunctionArgs): Promise<AnytimeFeedbackPageData> {
  const current = await requireUser(request);
  const url = new URL(request.url);
  const manager = await isManager(current);
  const tab = tabOf(url.searchParams.get("tab"), manager);
  const days = daysOf(url.searchParams.get("days"));
  const rawPerson = url.searchParams.get("person")?.trim() ?? "";
  const person = email.safeParse(rawPerson).success ? rawPerson : null;
  const rawOffset = Number(url.searchParams.get("offset") ?? "0");
  const offset = Number.isInteger(rawOffset) && rawOffset >= 0 ? rawOffset : 0;
  const q = { limit: PAGE_SIZE_DEFAULT, offset, days, email: person ?? undefined };

  const [list, people, unread, managers] = await pageRead(() =>
    Promise.all([
      tab === "team" ? listTeam(current, { ...q, reviewee_email: undefined, reviewer_email: undefined }) : listMine(current, tab, q),
      peopleFor(current, tab, days),
      unreadCount(current),
      myManagers(current),
    ]),
  );
  return {
    me: { id: current.user.id, email: current.user.email },
    tab,
    isManager: manager,
    spoofing: isSpoofing(current),
    unreadCount: unread,
    person,
    days: days ?? null,
    offset,
    limit: PAGE_SIZE_DEFAULT,
    list,
    people,
    myManagers: managers,
  };
}

/** Received: who gave me feedback; sent: whom I gave; team: my reports who gave or got any. */
async function peopleFor(current: Awaited<ReturnType<typeof requireUser>>, tab: "received" | "sent" | "team", days: number | undefined): Promise<PersonOption[]> {
  if (tab !== "team") return (await myPeople(current, tab, days)).users.map((u) => ({ ...u, direct_report: false }));
  const { reviewees, reviewers } = await teamPeople(current, days);
  const byId = new Map<number, PersonOption>();
  for (const p of [...reviewees, ...reviewers]) if (p.direct_report) byId.set(p.id, p);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
};

export async function anytimeFeedbackAction({ request }: ActionFunctionArgs) {
  const current = await requireUser(request);
  const form = await request.formData();
  const intent = intentOf(form, ["give", "viewed"] as const);
  return pageAction(intent, async () => {
    if (intent === "viewed") {
      const { id } = FeedbackIdParams.parse({ id: text(form, "id") });
      await markViewed(current, id);
      return "Marked as read";
    }
    const input = GiveFeedbackBody.parse({ reviewee_email: text(form, "reviewee_email").trim(), body: text(form, "body") });
    try {
      const item = await giveFeedback(current, input);
      return `Feedback sent to ${item.reviewee.name}`;
    } catch (err) {
      // The service's refusals of a field (who, the text) show next to that field.
      const field = err instanceof ApiError && err.code === "bad_request" ? (err.details as { field?: string } | null)?.field : undefined;
      if (field) throw new z.ZodError([{ code: "custom", path: [field], message: (err as ApiError).message, input: undefined }]);
      throw err;
    }
  });
}
