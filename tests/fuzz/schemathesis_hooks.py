"""Schemathesis hooks for tests/fuzz/api-fuzz.test.ts (loaded through SCHEMATHESIS_HOOKS; docs/decisions/0043).

One custom check: every 4xx answer of the API is in its error format, { "error": { "code", "message", "details" } },
with a non-empty string code and message (app/platform/api.server.ts), whatever the status and whether or not the
document declares that status for the operation.
"""

import os

import schemathesis


@schemathesis.check
def error_format(ctx, response, case):
    if not 400 <= response.status_code < 500:
        return None
    content_type = response.headers.get("content-type", [""])
    if isinstance(content_type, list):
        content_type = content_type[0] if content_type else ""
    assert content_type.split(";")[0].strip() == "application/json", (
        f"A {response.status_code} answer is not JSON (Content-Type: {content_type or 'none'})"
    )
    try:
        body = response.json()
    except Exception as error:  # noqa: BLE001 - any parse failure is the finding
        raise AssertionError(f"A {response.status_code} answer is not valid JSON: {error}") from None
    assert isinstance(body, dict) and set(body) == {"error"}, (
        f"A {response.status_code} answer is not {{ \"error\": {{ ... }} }}: keys {sorted(body) if isinstance(body, dict) else type(body).__name__}"
    )
    error = body["error"]
    assert isinstance(error, dict) and {"code", "message", "details"} <= set(error), (
        f"A {response.status_code} answer's error lacks code, message or details: {error!r:.200}"
    )
    assert isinstance(error["code"], str) and error["code"], "The error code is not a non-empty string"
    assert isinstance(error["message"], str) and error["message"], "The error message is not a non-empty string"
    return None


# Bad input on purpose (issue 26 §5, docs/decisions/0060-one-input-layer.md): besides what the generator happens to
# produce, every operation gets cases with a NUL character in a text value and cases with a whole number no integer
# column holds (2^63 - 1), in its query or its JSON body. The input layer must answer them with a 4xx in the error
# format; a 5xx fails the run (not_a_server_error).
NUL = "\x00"
HUGE = 9223372036854775807
_seen: dict[str, int] = {}


def _inject(container, kind):
    """Puts the bad value into the first fitting entry of a query or body dict; True when it did."""
    if not isinstance(container, dict):
        return False
    for key, value in container.items():
        if kind == "nul" and isinstance(value, str):
            container[key] = value + NUL + "x"
            return True
        if kind == "huge" and isinstance(value, int) and not isinstance(value, bool):
            container[key] = HUGE
            return True
    if kind == "nul":
        for value in container.values():
            if isinstance(value, dict) and _inject(value, kind):
                return True
    return False


@schemathesis.hook
def map_case(ctx, case):
    if os.environ.get("FUZZ_POSITIVE"):
        # The by-hand run that looks for cases the document allows and the server refuses: no bad input added.
        return case
    label = getattr(ctx.operation, "label", "?")
    count = _seen.get(label, 0)
    _seen[label] = count + 1
    kind = {1: "nul", 3: "huge"}.get(count % 4)
    if kind is None:
        return case
    query = case.query if isinstance(case.query, dict) else None
    body = case.body if isinstance(case.body, dict) else None
    if query is not None and _inject(query, kind):
        return case
    if body is not None and _inject(body, kind):
        return case
    if kind == "nul" and query is not None:
        # No text parameter given in this case: add one nothing reads (the whole query string is checked).
        query["q"] = "a" + NUL
    return case
