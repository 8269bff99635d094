/**
 * Which requests must change state once, and how two requests are told to be the same one
 * (docs/decisions/0045-idempotency-and-scale-out.md). PURE: app/platform/idempotency.server.ts stores the claims
 * and answers; server/idempotency.ts puts it in front of the app for the requests `idempotencyScope` names.
 *
 * - "api": an /api/v1 POST, PUT, PATCH or DELETE with an `Idempotency-Key` header (the client's key, kept 24 h).
 * - "form": a page form's submission (single fetch's POST to `<page>.data`): a double click sends the same body
 *   twice, and the second gets the first's answer. The key is the request's own hash, kept a few seconds.
 */
import { createHash } from "node:crypto";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set on an answer replayed from the store. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** How long an API answer is kept for replays (the key may be used again after). */
export const API_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a form submission's answer is kept after it was given: a second click within it gets that answer. Short,
 * so that a person (or a script) who sends the same form again after something else changed gets a new answer.
 */
export const FORM_REPEAT_WINDOW_MS = 1_000;
/** A claim still running after this is taken to be from a process that died, and may be taken over. */
export const RUNNING_STALE_MS = 5 * 60 * 1000;
/** A repeated form submission waits at most this long for the first one's answer (then 409). */
export const FORM_WAIT_MS = 120_000;
export const MAX_KEY_LENGTH = 255;
/** Larger bodies are not held in memory to be compared: they pass through (the app answers 413 for them). */
export const MAX_IDEMPOTENT_BODY_BYTES = 51 * 1024 * 1024;

export type IdempotencyScope = "api" | "form";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The scope of a request, or null when it passes through as it is. */
export function idempotencyScope(method: string, pathname: string, headers: { get(name: string): string | null }): IdempotencyScope | null {
  const m = method.toUpperCase();
  if (!MUTATING.has(m)) return null;
  if (pathname.startsWith("/api/v1/")) return headers.get(IDEMPOTENCY_KEY_HEADER) !== null ? "api" : null;
  if (pathname.startsWith("/api/") || pathname.startsWith("/auth/")) return null;
  // Only signed-in pages are deduplicated (the session decides whose submission it is).
  if (pathname.endsWith(".data") && (headers.get("cookie") ?? "") !== "") return "form";
  return null;
}

/** Why a client's key is refused (400), or null when it is usable: 1–255 visible ASCII characters. */
export function invalidKeyReason(key: string): string | null {
  if (key.length === 0) return "Idempotency-Key is empty";
  if (key.length > MAX_KEY_LENGTH) return `Idempotency-Key is longer than ${MAX_KEY_LENGTH} characters`;
  if (!/^[\x21-\x7e]+$/.test(key)) return "Idempotency-Key may hold only visible ASCII characters";
  return null;
}

/** The multipart boundary of a Content-Type, or null. */
function boundaryOf(contentType: string | null): string | null {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/**
 * SHA-256 (hex) of method, path with query, and body. A multipart body's boundary is random per submission
 * (the browser or client picks a new one each time): it is left out, so the same form sent twice has one hash.
 */
export function requestHash(method: string, pathWithQuery: string, contentType: string | null, body: Uint8Array): string {
  const hash = createHash("sha256");
  hash.update(`${method.toUpperCase()} ${pathWithQuery}\n`);
  const boundary = boundaryOf(contentType);
  if (boundary) {
    // latin1 maps every byte to one character and back, so the body's bytes are hashed unchanged but for the boundary.
    hash.update(Buffer.from(body).toString("latin1").split(boundary).join(""), "latin1");
  } else {
    hash.update(body);
  }
  return hash.digest("hex");
}
