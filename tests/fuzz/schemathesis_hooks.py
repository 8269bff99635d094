"""Schemathesis hooks for tests/fuzz/api-fuzz.test.ts (loaded through SCHEMATHESIS_HOOKS; docs/decisions/0043).

One custom check: every 4xx answer of the API is in its error format, { "error": { "code", "message", "details" } },
with a non-empty string code and message (app/platform/api.server.ts), whatever the status and whether or not the
document declares that status for the operation.
"""

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
