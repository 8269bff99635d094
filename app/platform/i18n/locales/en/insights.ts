/**
 * The fairness insights (issue 29, ADR 0103): the words that say a gap between a group and the others, its test and
 * whether it is significant, and the privacy floor's notices. Group names ("{{group}}") are the people attributes'
 * values: data, never translated.
 */
export default {
  insights: {
    gap: {
      meanHigher: "{{group}} were rated {{difference}} higher on average than the others ({{groupMean}} against {{restMean}}).",
      meanLower: "{{group}} were rated {{difference}} lower on average than the others ({{groupMean}} against {{restMean}}).",
      meanSame: "{{group}} were rated the same on average as the others ({{groupMean}}).",
      lengthLonger: "Feedback about {{group}} was {{difference}} characters longer on average than about the others ({{groupMean}} against {{restMean}}).",
      lengthShorter: "Feedback about {{group}} was {{difference}} characters shorter on average than about the others ({{groupMean}} against {{restMean}}).",
      lengthSame: "Feedback about {{group}} was as long on average as about the others ({{groupMean}} characters).",
      rateHigher_one: "{{group}}: {{groupRate}}% against {{restRate}}% for the others, {{count}} percentage point higher.",
      rateHigher_other: "{{group}}: {{groupRate}}% against {{restRate}}% for the others, {{count}} percentage points higher.",
      rateLower_one: "{{group}}: {{groupRate}}% against {{restRate}}% for the others, {{count}} percentage point lower.",
      rateLower_other: "{{group}}: {{groupRate}}% against {{restRate}}% for the others, {{count}} percentage points lower.",
      rateSame: "{{group}}: {{groupRate}}%, the same as the others.",
      rankHigher: {
        negligible: "{{group}} were rated about the same as the others.",
        small: "{{group}} tend to be rated slightly higher than the others.",
        medium: "{{group}} tend to be rated clearly higher than the others.",
        large: "{{group}} tend to be rated much higher than the others.",
      },
      rankLower: {
        negligible: "{{group}} were rated about the same as the others.",
        small: "{{group}} tend to be rated slightly lower than the others.",
        medium: "{{group}} tend to be rated clearly lower than the others.",
        large: "{{group}} tend to be rated much lower than the others.",
      },
    },
    significance: {
      significant: "This difference is significant (p = {{p}}).",
      significantBelow: "This difference is significant (p < 0.001).",
      notSignificant: "This difference is not significant (p = {{p}}): it may be chance.",
    },
    test: {
      fisher: "Fisher's exact test",
      chi_squared: "Chi-squared test",
      mann_whitney_exact: "Mann–Whitney U test (exact)",
      mann_whitney_normal: "Mann–Whitney U test",
    },
    band: {
      negligible: "Negligible",
      small: "Small",
      medium: "Medium",
      large: "Large",
    },
    floor: {
      other: "Other",
      otherHint_one: "Groups of fewer than {{count}} person are shown together as Other, so that no one can be recognised.",
      otherHint_other: "Groups of fewer than {{count}} people are shown together as Other, so that no one can be recognised.",
      suppressed_one: "These figures are hidden: fewer than {{count}} person would be behind them, directly or by comparing them with a wider view.",
      suppressed_other: "These figures are hidden: fewer than {{count}} people would be behind them, directly or by comparing them with a wider view.",
    },
    /** The insights service's refusals (`details.message_key`, ADR 0108; the export job fails with them): the API's English. */
    refusal: {
      cycleNotFound: "Cycle {{id}} not found",
      sessionNotFound: "Calibration session {{id}} not found",
      forbidden: "You do not have access to this page",
      noAttribute: "No attribute {{id}} to filter by",
      filterTwice: "One filter per attribute",
    },
  },
};
