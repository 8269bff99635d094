import { describe, expect, it, vi } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ApiError, CycleNotFoundError } from "~/platform/api.server";
import { PARTICIPANT_FETCH_FAILED_TEXT, participantFetch } from "~/platform/page-errors.server";
import { ErrorView, specPageText } from "~/platform/ui/error-view";
import en from "~/platform/i18n/locales/en";

/** Spec §8: "Participant fetch fails → 'Error Loading data' in place of the content" (issue 15 item 8). */
describe("participantFetch", () => {
  it("gives the record, or null when the user is not a participant (404)", async () => {
    await expect(participantFetch(async () => ({ id: 1 }))).resolves.toEqual({ id: 1 });
    await expect(participantFetch(async () => Promise.reject(new ApiError(404, "not_found", "Not a participant")))).resolves.toBeNull();
  });

  it("turns an unknown cycle into 'Invalid Cycle ID' and a 403 into the access page", async () => {
    const invalid = await participantFetch(async () => Promise.reject(new CycleNotFoundError(9))).catch((r: unknown) => r);
    expect(invalid).toBeInstanceOf(Response);
    expect((invalid as Response).status).toBe(404);
    expect(await (invalid as Response).text()).toBe("Invalid Cycle ID");
    const forbidden = (await participantFetch(async () => Promise.reject(new ApiError(403, "forbidden", "x is not your direct report"))).catch((r: unknown) => r)) as Response;
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).not.toContain("direct report");
  });

  it("turns any other failure into 'Error Loading data' (500), and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const failure of [new Error("connection refused"), new ApiError(503, "unavailable", "Temporal is down")]) {
      const r = (await participantFetch(async () => Promise.reject(failure)).catch((x: unknown) => x)) as Response;
      expect(r).toBeInstanceOf(Response);
      expect(r.status).toBe(500);
      expect(await r.text()).toBe(PARTICIPANT_FETCH_FAILED_TEXT);
    }
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });
});

describe("the error view", () => {
  it("shows 'Error Loading data' in place of the content, without Retry", () => {
    expect(PARTICIPANT_FETCH_FAILED_TEXT).toBe("Error Loading data");
    // The spec's text comes to the page as the key of its translation (ADR 0076); in English it is the spec's text.
    expect(specPageText(PARTICIPANT_FETCH_FAILED_TEXT)).toBe("errors.loadingData");
    const message = en.errors.loadingData;
    expect(message).toBe("Error Loading data");
    const html = renderToStaticMarkup(createElement(ErrorView, { status: 500, message }));
    expect(html).toContain("Error Loading data");
    expect(html).not.toContain("<button");
  });

  it("never shows a service's own message", () => {
    expect(specPageText("Cycle 9 not found")).toBeUndefined();
    expect(specPageText("x is not your direct report")).toBeUndefined();
  });
});
