import { useEffect, useState } from "react";
import { callApi } from "~/platform/api-client";

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
      const res = await callApi<{ users?: UserOption[] }>("GET", url, undefined, controller.signal);
      if (controller.signal.aborted) return;
      if (res.ok) setUsers(res.body?.users ?? []);
      else if (res.status === 0) setUsers([]);
      setLoading(false);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url]);
  return { users: url === null ? [] : users, loading };
}
