/**
 * The calibration meeting's fairness panel and the sign-off's gap rule (issue 29 §4, ADR 0114): on the session admin's
 * and the sign-off party's pages. Attribute names and group names are data.
 */
export default {
  meetingFairness: {
    title: "Fairness of this session's ratings",
    intro: "How each group's ratings moved in calibration, from the session's fairness insights. Panelists do not see this panel.",
    significant_one: "A ratings gap after calibration is significant: closing the session needs a written reason.",
    significant_other: "{{count}} ratings gaps after calibration are significant: closing the session needs a written reason.",
    loading: "Reading the session's fairness figures…",
    noAttributes: "No people attribute to break this session's ratings down by.",
    shiftTitle: "Ratings before and after calibration by {{attribute}}",
    reasonLabel: "Reason for closing with a significant gap",
    reasonHelp: "Required: a ratings gap after calibration is significant. Kept in the session history and the audit log.",
    reasonRequired: "A ratings gap after calibration is significant: write the reason for closing the session as it is.",
    promotion: {
      title: "Fairness of this session's promotions",
      intro: "Each group's nomination, endorsement, panel vote and decision rates, from the session's fairness insights. Panelists do not see this panel.",
      significant_one: "A gap in the promotion decisions is significant: closing the session needs a written reason.",
      significant_other: "{{count}} gaps in the promotion decisions are significant: closing the session needs a written reason.",
      noAttributes: "No people attribute to break this session's promotions down by.",
      shiftTitle: "Promotion rates by {{attribute}}",
      reasonHelp: "Required: a gap in the promotion decisions is significant. Kept in the session history and the audit log.",
      reasonRequired: "A gap in the promotion decisions is significant: write the reason for closing the session as it is.",
    },
    forced: {
      reasonLabel: "Reason for closing over a significant gap",
      reasonHelp: "Required when a session to close has a significant gap after calibration. Kept in its history and the audit log.",
      reasonRequired_one: "This session has a significant gap after calibration: write the reason for closing it as it is.",
      reasonRequired_other: "These {{count}} sessions have a significant gap after calibration: write the reason for closing them as they are.",
      sessionGaps: "{{name}}: {{gaps}}",
    },
  },
};
