import type { LoaderFunctionArgs } from "@remix-run/node";
import { sessionEventStream } from "~/features/calibration/live-session.server";

/**
 * GET /app/calibration-sessions/{sessionId}/events?cycle_id=&role=: server-sent events of the session's
 * version for its open pages (page session cookie; the role's access as the page checks it).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return sessionEventStream(request, params);
}
