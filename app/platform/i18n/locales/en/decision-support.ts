/**
 * English strings of decision support (ADR 0032, 0033): the reports page (inactive participants, the participants
 * report form, the latest reports), the metrics, the report form's refusals, and the Therma-scan views (the upload
 * page, a participant's stored scan, a calibration session's scans).
 */
export default {
  decisionSupport: {
    title: "Decision support",
    inactive: {
      heading: "Inactive participants ({{total}})",
      table: "Inactive participants",
      empty: "Nobody is inactive in this stage.",
      rules: {
        start:
          "Participants a nudge would remind now (no peer or stakeholder chosen, or peer requests to answer) who have not asked anyone and have answered no request.",
        spu_feedback:
          "Participants a nudge would remind now (self, peer, direct report or matrix feedback to give) who have submitted none and saved no answer in any of it.",
        manager_feedback:
          "Managers among the participants a nudge would remind now (manager feedback to give) who have submitted none and saved no answer in any of it.",
        none: "This stage asks nothing of participants, so nobody is inactive.",
      },
      columns: { name: "Name", email: "Email", department: "Department", manager: "Manager", waitingFor: "Waiting for" },
      separator: "; ",
      nudge: "Remind them with a nudge",
    },
    report: {
      heading: "Participants report",
      intro:
        "One row per participant with the counts of the chosen metric, written to a CSV file in the background. It holds counts and statuses only, never what anyone wrote.",
      metric: "Metric",
      start: "Download CSV",
      latest: "Latest reports",
      allJobs: "All report jobs",
      empty: "No report yet.",
      columns: { job: "Job", status: "Status", metric: "Metric", created: "Created" },
    },
    metrics: {
      feedback_given: {
        label: "Feedback given",
        description: "Per participant as a reviewer: feedback requests they hold (any type, self included), submitted, started and not started.",
      },
      feedback_received: {
        label: "Feedback received",
        description: "Per participant as a reviewee: feedback requests about them and how many are submitted, by reviewer type.",
      },
      peer_selection: {
        label: "Peer selection",
        description: "Per participant: peers and stakeholders asked, accepted, declined and awaiting an answer; requests they still have to answer.",
      },
      manager_feedback: {
        label: "Manager feedback",
        description: "Per participant: the status of their manager's and matrix manager's feedback; as a manager, the manager feedback they owe and have given.",
      },
      response_rate: {
        label: "Response rate",
        description: "Per participant: the share of feedback requests they hold that is submitted, and of the requests about them.",
      },
    },
    failure: {
      metricRequired: "metric_type is required: one of {{metrics}}",
      unknownMetric: "Unknown metric_type '{{value}}': use one of {{metrics}}",
      unavailable: "The workflow service is unavailable; the job was not started",
      failed: "The report could not be started",
    },
    therma: {
      uploadTitle: "Upload Therma-scan report",
      uploadIntro:
        "One row per participant of this cycle with their latest Therma-scan results. A participant already scanned is updated; the values are shown to super admins and to the session admins of the participant's calibration session, nobody else.",
      columns:
        "Columns: {{columns}} ({{required}} required). engagement, wellbeing and workload are whole numbers from {{min}} to {{max}} (5 best); flight_risk is low, medium or high; comment is optional, at most {{comment}} characters.",
      coverage: "{{stored}} of {{participants}} participants have a stored scan.",
      title: "Therma-scan",
      summary: {
        low: "Engagement {{engagement}} / {{max}} · Wellbeing {{wellbeing}} / {{max}} · Workload {{workload}} / {{max}} · Flight risk Low",
        medium: "Engagement {{engagement}} / {{max}} · Wellbeing {{wellbeing}} / {{max}} · Workload {{workload}} / {{max}} · Flight risk Medium",
        high: "Engagement {{engagement}} / {{max}} · Wellbeing {{wellbeing}} / {{max}} · Workload {{workload}} / {{max}} · Flight risk High",
      },
      uploaded: "Uploaded <0/>",
      uploadedByJob: "Uploaded <0/> (job #{{job}})",
      none: "No Therma-scan uploaded for this participant.",
      panelTitle: "Therma-scan ({{count}} of {{total}} participants)",
      panelEmpty: "No Therma-scan uploaded for the participants of this session.",
      columnsHead: {
        participant: "Participant",
        engagement: "Engagement",
        wellbeing: "Wellbeing",
        workload: "Workload",
        flightRisk: "Flight risk",
        comment: "Comment",
      },
      flightRisk: { low: "Low", medium: "Medium", high: "High" },
    },
  },
};
