/** English strings of the guided tours (spec §3, §4, §9; ADR 0031): the buttons and every step. */
export default {
  tours: {
    back: "Back",
    next: "Next",
    last: "Dismiss",
    skip: "Skip tour",
    close: "Close",
    progress: "{{index}} of {{size}}",
    summary: {
      cycleSwitcher: {
        title: "Earlier cycles",
        content: "Switch the cycle here to read this person's feedback summary of an earlier review cycle.",
      },
      byReviewer: {
        title: "Feedback by reviewer",
        content: "Open the feedback each reviewer wrote about this person.",
      },
      download: {
        title: "Download",
        content: "Download the summary as a PDF, for example to prepare your conversation.",
      },
    },
    reportFeedback: {
      reviewers: {
        title: "Feedback from reviewers",
        content: "Everyone asked for feedback about your direct report, with the status of their feedback. Read each one once it is submitted.",
      },
      managerFeedback: {
        title: "Your manager feedback",
        content: "Write your own feedback here. Save a draft at any time and submit it during the manager feedback stage.",
      },
      summary: {
        title: "Feedback summary",
        content: "All feedback about this person, summed up per question.",
      },
      promotion: {
        title: "Promotion nomination",
        content: "Nominate this person for promotion in this cycle.",
      },
    },
    peers: {
      counters: {
        title: "Your selection",
        content: "How many peers and stakeholders you asked, how many accepted and how many have yet to answer.",
      },
      mandatory: {
        title: "Mandatory reviewers",
        content: "They come from the organisation (you, your manager, your direct reports, matrix manager and team) and always give feedback.",
      },
      add: {
        title: "Ask a peer or stakeholder",
        content: "Choose people you worked with in the last 6 months. No more than 7 accepted requests are advised.",
      },
      requests: {
        title: "Your requests",
        content: "Follow each request here. You can withdraw a request until it is accepted.",
      },
      incoming: {
        title: "Requests to you",
        content: "Colleagues who ask you for feedback appear here: accept or decline each request.",
      },
    },
    promotionPanel: {
      state: {
        title: "Session state",
        content: "You vote while the session is active or being revised.",
      },
      progress: {
        title: "Your progress",
        content: "How many of the session's nominations you have voted on.",
      },
      tally: {
        title: "The panel's votes",
        content: "Each nomination shows the rationale, the endorsements and how the panel voted so far.",
      },
      vote: {
        title: "Your vote",
        content: "Cast or change your vote, with a note for the panel.",
      },
      discussion: {
        title: "Discussion",
        content: "Open the nomination's comments and the nominee's feedback summary.",
      },
    },
    multipleCycles: {
      cycleSwitcher: {
        title: "Several active cycles",
        content: "More than one review cycle is running. Choose the cycle you want to work on here; the page keeps your choice in its address.",
      },
    },
    sidebar: {
      superAdmin: {
        title: "Super Admin",
        content: "Manage users, read the audit log, set up and run review cycles, calibration sessions and the promotion dashboard.",
      },
      home: {
        title: "Home",
        content: "Your starting point: the selected review cycle and what it asks of you.",
      },
      performanceCycle: {
        title: "Performance Cycle",
        content: "Check your profile, choose your peers and stakeholders, give 360 feedback and, as a manager, write your team's feedback.",
      },
      ratingCalibration: {
        title: "Rating Calibration",
        content: "The rating calibration sessions you run, sit on or sign off.",
      },
      promotionsCalibration: {
        title: "Promotions Calibration",
        content: "Endorsement requests and the promotion sessions you run, sit on as a panelist or sign off.",
      },
      insights: {
        title: "Fairness Insights",
        content: "How each group of people fared at every stage of the review, with the gaps between them.",
      },
      performanceReport: {
        title: "Performance Report",
        content: "Your final assessment and your performance trends across cycles.",
      },
      guidelines: {
        title: "Guidelines",
        content: "The general guideline of the review process.",
      },
      anytimeFeedback: {
        title: "Anytime Feedback",
        content: "Give and read feedback at any time, outside the review cycle.",
      },
      other: {
        title: "Navigation",
        content: "Another part of the product you can reach from here.",
      },
    },
  },
};
