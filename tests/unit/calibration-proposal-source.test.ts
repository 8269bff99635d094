import { describe, expect, it } from "vitest";
import { proposalSource } from "~/features/calibration/proposed.server";
import { DEFAULT_QUESTIONNAIRE } from "~/features/questionnaires/default-questionnaire";
import type { Questionnaire } from "~/features/questionnaires/rules";

// ADR 0026: which manager answers give the proposed rating and the 9-box potential.
describe("proposalSource", () => {
  it("takes overall_impact and the trajectory choice from the default questionnaire", () => {
    const source = proposalSource(DEFAULT_QUESTIONNAIRE);
    expect(source.rating).toEqual({ id: "overall_impact", min: 1, max: 5 });
    expect(source.potential).toMatchObject({ kind: "choice", id: "trajectory" });
  });

  it("prefers a rating question named potential, and falls back to the first rating question for the rating", () => {
    const q = {
      MANAGER: [
        { id: "delivery", kind: "rating", label: "Delivery", required: true, scale: { min: 0, max: 10 } },
        { id: "potential", kind: "rating", label: "Potential", required: true, scale: { min: 1, max: 3 } },
        { id: "trajectory", kind: "choice", label: "Trajectory", required: true, options: ["a", "b", "c"] },
      ],
    } as unknown as Questionnaire;
    const source = proposalSource(q);
    expect(source.rating).toEqual({ id: "delivery", min: 0, max: 10 });
    expect(source.potential).toEqual({ kind: "rating", id: "potential", min: 1, max: 3 });
  });

  it("gives nothing when the manager is asked no rating and no trajectory", () => {
    const q = { MANAGER: [{ id: "notes", kind: "text", label: "Notes", required: true }] } as unknown as Questionnaire;
    expect(proposalSource(q)).toEqual({ rating: null, potential: null });
    expect(proposalSource({ SELF: [] } as unknown as Questionnaire)).toEqual({ rating: null, potential: null });
  });
});
