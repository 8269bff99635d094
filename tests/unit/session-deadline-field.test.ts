import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DeadlineField } from "~/features/calibration/components/session-form-shell";

/**
 * The session form's deadline before hydration (the server's markup; issue 28's walk once saw a draft session lose
 * its deadline when renamed): the date and time fields are filled in the browser's zone after hydration, so until the
 * person changes them the form must post the deadline the session has, never an empty one that clears it.
 */
describe("the calibration session form's deadline field before hydration", () => {
  it("posts the session's deadline unchanged", () => {
    const html = renderToString(h(DeadlineField, { initialIso: "2027-03-01T23:59:00.000Z" }));
    expect(html).toMatch(/<input type="hidden" name="deadline" value="2027-03-01T23:59:00.000Z"\/>/);
    expect(html).toMatch(/<input type="hidden" name="deadline_before" value="2027-03-01T23:59:00.000Z"\/>/);
  });

  it("posts no deadline for a session without one", () => {
    const html = renderToString(h(DeadlineField, { initialIso: null }));
    expect(html).toMatch(/<input type="hidden" name="deadline" value=""\/>/);
  });
});
