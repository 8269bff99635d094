import { useEffect, useState } from "react";

export type UserOption = { email: string; name: string };

/** The spec's debounce default (ms). */
const DEBOUNCE_MS = 166;

/**
 * People suggested for an email field: GET `url` (a JSON `{ users }` endpoint) after the user stops typing,
 * or nothing while `url` is null. A newer query aborts the older request, and an aborted request is silently
 * dropped (a Remix fetcher would report it in the console when an action revalidates the page mid-request).
 */
export function useUserSuggestions(url: string | null): { users: UserOption[]; loading: boolean } {
  const [users, setUsers] = useState<UserOption[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const res = await fetch(url, { signal: controller.signal, headers: { Accept: "application/json" }, credentials: "same-origin" });
        if (res.ok) setUsers(((await res.json()) as { users?: UserOption[] }).users ?? []);
      } catch (err) {
        if ((err as Error).name !== "AbortError") setUsers([]);
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url]);
  return { users: url === null ? [] : users, loading };
}
