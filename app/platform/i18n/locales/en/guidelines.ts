/** English strings of the General Guideline page (issue 26 §3, ADR 0058). */
export default {
  guidelines: {
    title: "General Guideline",
    intro: "This page explains who takes part in a review cycle, what is expected at each stage and who sees what you write.",
    whoTakesPart: "Who takes part",
    participants: "<0>Participants</0> receive self, upward, peer and manager feedback. Reviewer-only participants give feedback but do not receive it.",
    managers: "<0>Managers</0> write feedback for their direct reports, may change their peer selection and nominate them for promotion.",
    hrPartners: "<0>HR partners</0> create and run rating and promotion calibration sessions, which end in a signed-off decision.",
    confidentiality: "Confidentiality",
    confidentialityText:
      "Feedback about you becomes visible to you in the communication stage. Self, manager and matrix manager feedback always carries the writer's name. Who sees the names of peer and upward reviewers is chosen for each cycle when it is created, and cannot change once feedback has opened. Every change in the product is recorded in an audit log.",
    defaultRule: "Unless a cycle says otherwise",
    cycleStage: "({{stage}})",
    rule: {
      peer: {
        nobody: "Peer feedback: reviewers' names are visible to super admins only; everyone else sees these answers without names, once at least 3 have answered.",
        managers: "Peer feedback: reviewers' names are visible to the reviewee's manager and super admins; everyone else sees these answers without names, once at least 3 have answered.",
        managers_and_calibration:
          "Peer feedback: reviewers' names are visible to the reviewee's manager, their calibration panel and super admins; everyone else sees these answers without names, once at least 3 have answered.",
      },
      upward: {
        nobody:
          "Upward feedback (from direct reports and matrix team): reviewers' names are visible to super admins only; everyone else sees these answers without names, once at least 3 have answered.",
        managers:
          "Upward feedback (from direct reports and matrix team): reviewers' names are visible to the reviewee's manager and super admins; everyone else sees these answers without names, once at least 3 have answered.",
        managers_and_calibration:
          "Upward feedback (from direct reports and matrix team): reviewers' names are visible to the reviewee's manager, their calibration panel and super admins; everyone else sees these answers without names, once at least 3 have answered.",
      },
    },
    adminNote: "For super admins: the menu's General Guideline link can point at your company's own page instead; set <0>GENERAL_GUIDELINE_URL</0>.",
    backHome: "Back to Home",
  },
};
