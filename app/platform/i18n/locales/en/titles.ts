/** Document titles of pages whose feature has no `title` keys of its own (ADR 0080); people's names are values. */
const titles = {
  titles: {
    notFound: "404 Page Not Found | PMR",
    home: "Home | PMR",
    anytimeFeedback: "Anytime Feedback | PMR",
    generalGuideline: "General Guideline | PMR",
    users: "Users - PMR",
    newUser: "New user - PMR",
    user: "{{name}} - PMR",
    userUnknown: "User - PMR",
    cycleReport: "Performance Cycle Report | PMR",
    feedbackSummary: "Feedback Summary | PMR",
    peerSelection: "Peer/Stakeholder Selection | PMR",
    profileCheck: "Check your profile | PMR",
    feedbackList: "360 Feedback | PMR",
    feedbackFor: "Feedback for {{name}} | PMR",
    feedbackForColleague: "Feedback for a colleague | PMR",
    yourFeedbackFor: "Your feedback for {{name}} | PMR",
    yourFeedbackForColleague: "Your feedback for a colleague | PMR",
    preferences: "Language and time zone - PMR",
  },
};

export default titles;
