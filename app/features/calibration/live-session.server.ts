import type { LoaderFunctionArgs } from "@remix-run/node";
import { sqlRows } from "~/platform/sql.server";
import { requireUser } from "~/platform/auth.server";
import { notFoundPage, pageIdParam, pageRead } from "~/platform/page-errors.server";
import { sessionVersion } from "~/features/calibration/views.server";
import type { SessionRole } from "~/features/calibration/rules";

/**
 * Live updates of an open session page (ADR 0026): a server-sent-events stream of the session's version.
 * Access is checked once, as the page checks it (page session cookie, `role` in the session); then the
 * stream reads the session's version (one prepared primary-key read) every POLL_MS and sends `event: version` when
 * it moved, plus a comment line every KEEP_ALIVE_MS. The loop ends when the browser goes (request.signal).
 */

export const POLL_MS = 500;
/** The tick's one read, a prepared statement (issue 27: every open meeting page polls it twice a second). */
const VERSION_SQL = `SELECT version FROM "CalibrationSession" WHERE id = $1::int`;
export const KEEP_ALIVE_MS = 15_000;

const ROLES: readonly SessionRole[] = ["session_admin", "panelist", "sign_off", "hr_partner", "admin"];

export async function sessionEventStream(request: Request, params: LoaderFunctionArgs["params"]): Promise<Response> {
  const current = await requireUser(request);
  const sessionId = pageIdParam(params.sessionId);
  const url = new URL(request.url);
  const rawCycle = url.searchParams.get("cycle_id") ?? "";
  const role = url.searchParams.get("role") as SessionRole;
  // Promotion sessions (`kind=promotion`) stream through the same route.
  const kind = url.searchParams.get("kind") === "promotion" ? "PROMOTION" : "RATING";
  if (!/^\d+$/.test(rawCycle) || !ROLES.includes(role)) throw notFoundPage();
  const first = await pageRead(() => sessionVersion(current, role, Number(rawCycle), sessionId, kind));
  const encoder = new TextEncoder();
  let stop = () => {};

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let last = first;
      let lastWrite = Date.now();
      let busy = false;
      const send = (text: string) => {
        if (closed) return;
        controller.enqueue(encoder.encode(text));
        lastWrite = Date.now();
      };
      const timer = setInterval(() => void tick(), POLL_MS);
      stop = () => {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        request.signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      async function tick() {
        if (busy || closed) return;
        busy = true;
        try {
          const [row] = await sqlRows<{ version: number }>("calibration.session-version", VERSION_SQL, [sessionId]);
          const version = row?.version ?? -1;
          if (version !== last) {
            last = version;
            send(`event: version\ndata: ${version}\n\n`);
          } else if (Date.now() - lastWrite >= KEEP_ALIVE_MS) {
            send(": keep-alive\n\n");
          }
          if (!row) stop();
        } catch (err) {
          console.error(`Calibration session ${sessionId}: the live-update stream failed`, err);
          stop();
        } finally {
          busy = false;
        }
      }
      request.signal.addEventListener("abort", stop);
      if (request.signal.aborted) return stop();
      send(`retry: 2000\nevent: version\ndata: ${first}\n\n`);
    },
    cancel() {
      stop();
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
