import type { Questionnaire, RatingScale } from "~/features/questionnaires/rules";

/** Questionnaires: the default questionnaire, used when a cycle has none of its own. PURE module. */

// ---------------------------------------------------------------------------------------------
// The default questionnaire: used when a cycle has none of its own

const IMPACT_SCALE: RatingScale = {
  min: 1,
  max: 5,
  labels: {
    "1": "Well below expectations",
    "2": "Below expectations",
    "3": "Meets expectations",
    "4": "Exceeds expectations",
    "5": "Exceptional",
  },
};

const AGREEMENT_SCALE: RatingScale = {
  min: 1,
  max: 5,
  labels: { "1": "Strongly disagree", "2": "Disagree", "3": "Neutral", "4": "Agree", "5": "Strongly agree" },
};

const FREQUENCY_OPTIONS = ["Rarely", "Sometimes", "Often", "Almost always"];

/**
 * A 360 form in the style of common review tools: what went well, strengths, growth areas, a rating
 * of overall impact, and for managers a look ahead. Each type speaks to the person answering.
 */
export const DEFAULT_QUESTIONNAIRE: Questionnaire = {
  SELF: [
    {
      id: "accomplishments",
      kind: "text",
      label: "What were your most important accomplishments this cycle?",
      help: "Think about outcomes and impact, not only activity. Link to docs or results where you can.",
      required: true,
      max_length: 5000,
    },
    {
      id: "strengths",
      kind: "text",
      label: "Which strengths helped you most in your work this cycle?",
      required: true,
      max_length: 3000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "Where do you want to grow next, and what support would help?",
      required: true,
      max_length: 3000,
    },
    {
      id: "overall_impact",
      kind: "rating",
      label: "How would you rate your overall impact this cycle?",
      help: "Compared with what is expected at your level.",
      required: true,
      scale: IMPACT_SCALE,
    },
    {
      id: "anything_else",
      kind: "text",
      label: "Is there anything else you would like your manager to know?",
      required: false,
      max_length: 2000,
    },
  ],
  MANAGER: [
    {
      id: "strengths",
      kind: "text",
      label: "What are this person's greatest strengths? Give specific examples from this cycle.",
      required: true,
      max_length: 5000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "What should this person focus on to grow? What would you like to see them do more or less of?",
      required: true,
      max_length: 5000,
    },
    {
      id: "overall_impact",
      kind: "rating",
      label: "How would you rate this person's overall impact this cycle?",
      help: "Compared with what is expected at their level.",
      required: true,
      scale: IMPACT_SCALE,
    },
    {
      id: "trajectory",
      kind: "choice",
      label: "How would you describe this person's growth trajectory?",
      required: true,
      options: ["Still ramping up", "Growing steadily in their role", "Ready for more scope", "Ready for the next level"],
    },
    {
      id: "next_cycle_focus",
      kind: "text",
      label: "What are the two or three goals this person should focus on next cycle?",
      required: false,
      max_length: 3000,
    },
  ],
  DIRECT_REPORT: [
    {
      id: "strengths",
      kind: "text",
      label: "What does your manager do well that you would like them to keep doing?",
      required: true,
      max_length: 3000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "What could your manager do differently to support you and the team better?",
      required: true,
      max_length: 3000,
    },
    {
      id: "clear_expectations",
      kind: "rating",
      label: "My manager sets clear expectations and gives me useful feedback.",
      required: true,
      scale: AGREEMENT_SCALE,
    },
    {
      id: "support_growth",
      kind: "rating",
      label: "My manager supports my growth and career development.",
      required: true,
      scale: AGREEMENT_SCALE,
    },
  ],
  PEER: [
    {
      id: "strengths",
      kind: "text",
      label: "What are this person's greatest strengths when you work together?",
      help: "Specific examples from the last six months are the most useful.",
      required: true,
      max_length: 3000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "What is one thing this person could do to have even more impact?",
      required: true,
      max_length: 3000,
    },
    {
      id: "collaboration",
      kind: "choice",
      label: "How often is this person someone you can rely on to deliver what they committed to?",
      required: true,
      options: FREQUENCY_OPTIONS,
    },
    {
      id: "overall_impact",
      kind: "rating",
      label: "How would you rate the overall impact of this person's work on yours?",
      required: true,
      scale: IMPACT_SCALE,
    },
  ],
  MATRIX_MANAGER: [
    {
      id: "contributions",
      kind: "text",
      label: "What did this person contribute to the work you oversee this cycle?",
      required: true,
      max_length: 3000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "What should this person focus on to grow?",
      required: true,
      max_length: 3000,
    },
    {
      id: "overall_impact",
      kind: "rating",
      label: "How would you rate this person's overall impact on your area this cycle?",
      required: true,
      scale: IMPACT_SCALE,
    },
  ],
  MATRIX_TEAM: [
    {
      id: "strengths",
      kind: "text",
      label: "What does this person do well in leading your shared work?",
      required: true,
      max_length: 3000,
    },
    {
      id: "growth_areas",
      kind: "text",
      label: "What could this person do differently to help you succeed?",
      required: true,
      max_length: 3000,
    },
    {
      id: "clear_direction",
      kind: "rating",
      label: "This person gives clear direction and priorities for our shared work.",
      required: true,
      scale: AGREEMENT_SCALE,
    },
  ],
};
