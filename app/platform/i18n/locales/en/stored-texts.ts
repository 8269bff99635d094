/**
 * English of the texts the server stores for later readers (ADR 0096): the bulk jobs' phases and results (the API's and
 * the audit's words, exactly as before) and the prefix of a calibration session's sign-off comment.
 */
export default {
  storedTexts: {
    jobs: {
      phase: {
        checking: "Checking rows",
        saving: "Saving rows",
        populating: "Creating participants",
        writing: "Writing the file",
        creatingUsers: "Creating new users",
        savingUsers: "Saving users",
        savingQuestionnaire: "Saving the questionnaire",
        writingPdfs: "Writing PDFs",
        collecting: "Collecting the person's data",
        erasing: "Erasing the person's data",
        sendingReminders: "Sending reminders",
      },
      noRows: "The file has no rows",
      invalidWhileSaving_one: "{{failed}} of {{count}} row became invalid while saving; {{committed}} rows had been committed",
      invalidWhileSaving_other: "{{failed}} of {{count}} rows became invalid while saving; {{committed}} rows had been committed",
      invalidWhileSavingOneCommitted_one: "{{failed}} of {{count}} row became invalid while saving; {{committed}} row had been committed",
      invalidWhileSavingOneCommitted_other: "{{failed}} of {{count}} rows became invalid while saving; {{committed}} row had been committed",
      haveErrors_one: "{{failed}} of {{count}} row has errors; nothing was committed",
      haveErrors_other: "{{failed}} of {{count}} rows have errors; nothing was committed",
      committedSkipped_one: "{{committed}} of {{count}} row committed; {{failed}} rows with errors were skipped",
      committedSkipped_other: "{{committed}} of {{count}} rows committed; {{failed}} rows with errors were skipped",
      committedOneSkipped_one: "{{committed}} of {{count}} row committed; {{failed}} row with errors was skipped",
      committedOneSkipped_other: "{{committed}} of {{count}} rows committed; {{failed}} row with errors was skipped",
      committed_one: "{{committed}} of {{count}} row committed",
      committed_other: "{{committed}} of {{count}} rows committed",
      directoryCounts: "{{result}} ({{created}} created, {{updated}} updated, {{deactivated}} deactivated, {{reactivated}} reactivated, {{unchanged}} unchanged)",
      populated: "Created {{created}} participants; {{already}} users were already participants",
      participantsWritten: "{{written}} participants written",
      rowsWritten: "{{written}} rows written",
      pdfsWritten: "{{written}} feedback summary PDFs written",
      noQuestions: "The file has no questions; the questionnaire was not changed",
      questionnaireErrors: "{{failed}} of {{total}} rows have errors; the questionnaire was not changed (it is applied only when every row is valid)",
      exportReady: "The export is ready to download",
      erased: "The person's personal data was erased",
      notCompleted: "The job did not complete",
      workflowUnavailable: "The workflow service was unavailable; the job did not start",
      failedAfterCommit: "{{reason}} ({{committed}} rows had been committed)",
      emptyFile: "The file is empty: the first row must name the columns",
      questionnaireTooManyRows: "The file has more than {{max}} rows: a questionnaire has at most {{perType}} questions for each of the 6 reviewer types",
      /** Why a job stopped while it ran (JobInputError; its code beside the English, ADR 0107). */
      stopped: {
        unknownMetric: "Unknown metric_type '{{metric}}'",
        notSuperAdmin: "Only a super admin can download every participant's feedback; the person who started this job no longer is one",
        archiveTooLarge: "A feedback archive holds at most {{max}} participants; this cycle has {{total}}",
        questionnaireInvalid: "The questionnaire is not valid: {{reasons}}",
        noRecipientList: "Job {{job}} has no recipient list",
        cycleGone: "Cycle {{cycle}} no longer exists",
        personGone: "The person of this job no longer exists",
        exportParamsMalformed: "The export's scope and filters are malformed",
        exportReaderGone: "Whoever started the export can no longer read these insights",
        /** A refusal met while running (its key, ADR 0108; one without, unexpected: its English is data). */
        refused: "Refused: {{reason}}",
        /** The questionnaire's reasons (each a questionnaires.issues key, ADR 0122): three named, the rest counted. */
        reasons: {
          one: "{{a}}",
          two: "{{a}}; {{b}}",
          three: "{{a}}; {{b}}; {{c}}",
          more: "{{a}}; {{b}}; {{c}}; and {{more}} more",
        },
        /** A reason of zod's own (no key of the questionnaire's): a property it does not take, else where it is. */
        unknownFields: "{{path}} has fields it does not take: {{fields}}",
        issueAt: "{{path}} is not valid",
      },
      /** The nudge job's result (ADR 0100): the stage is a message of its own, the email part one of these. */
      nudge: {
        nobodyPending: "Nobody has pending work in the '{{stage}}' stage: no reminders sent",
        reminded_one: "Reminded {{count}} person with pending work in the '{{stage}}' stage: {{notified}} notifications, {{email}}",
        reminded_other: "Reminded {{count}} people with pending work in the '{{stage}}' stage: {{notified}} notifications, {{email}}",
        emailsSent_one: "{{count}} email sent",
        emailsSent_other: "{{count}} emails sent",
        emailsSentRefused_one: "{{count}} email sent, {{refused}} refused",
        emailsSentRefused_other: "{{count}} emails sent, {{refused}} refused",
        noMail: "no emails (SMTP_URL is not set)",
        refused: "Email to {{email}} refused: {{error}}",
      },
      /** The participants report's result: the metric's label is a message of its own. */
      reportWritten: "{{metric}}: {{written}} rows written",
      /** The questionnaire upload's success: the summary lists the reviewer types' totals (one key per length). */
      questionnaireSame: "The questionnaire is already the same as the file (version {{version}}); nothing changed",
      questionnaireSaved: "Questionnaire saved as version {{version}} ({{questions}} questions: {{summary}})",
      list: {
        one: "{{a}}",
        two: "{{a}}, {{b}}",
        three: "{{a}}, {{b}}, {{c}}",
        four: "{{a}}, {{b}}, {{c}}, {{d}}",
        five: "{{a}}, {{b}}, {{c}}, {{d}}, {{e}}",
        six: "{{a}}, {{b}}, {{c}}, {{d}}, {{e}}, {{f}}",
      },
      /** Row errors of the CSV jobs (JobRowError.messageCode, ADR 0100). */
      rows: {
        cellCount: "The row has {{cells}} cells; the header has {{columns}}",
        listedTwiceInFile: "{{email}} is listed more than once in the file (first on row {{first}})",
        listedTwice: "{{email}} is listed more than once (first at row index {{first}})",
        alreadyParticipant: "{{email}} is already a participant of this cycle (use the upsert job to change participants)",
        /** The questionnaire upload's whole-file checks (the type is its label's key). */
        typeTooMany: "{{type}} has more than {{max}} questions (this is question {{count}})",
        questionIdTwice: "Question id '{{id}}' is already used for {{type}} on row {{first}}",
        /** The Therma-scan upload's rows (the score is its column's label key). */
        therma: {
          emailRequired: "Participant email is required",
          emailInvalid: "Participant email must be a valid email address",
          scoreRequired: "{{score}} is required",
          scoreRange: "{{score}} must be a whole number from {{min}} to {{max}}",
          flightRiskRequired: "Flight risk is required",
          flightRiskOneOf: "Flight risk must be one of {{risks}}",
          commentTooLong: "Comment must be at most {{max}} characters",
          notParticipant: "{{email}} is not a participant of this cycle",
          noUser: "No user with email {{email}}",
        },
        /** The directory import's rows (ADR 0052) where it says more than the directory core (whose own keys it uses). */
        directory: {
          unknownRole: "Unknown role {{role}}: use one of {{roles}}",
          activeInvalid: "active must be true or false, not {{value}}",
          employeeNumberTwice: "Employee number {{number}} is listed more than once in the file (first on row {{first}})",
          employeeNumberTaken: "Another user ({{holder}}) already has the employee number {{number}}",
          nameRequired: "Name is required for a new user",
          managerNotFound: "Manager not found: no user with the email {{email}} in the directory or in the file",
          secondaryNotFound: "Secondary manager not found: no user with the email {{email}} in the directory or in the file",
          hrNotFound: "HR partner not found: no user with the email {{email}} in the directory or in the file",
          chainLoop: "{{manager}} reports (directly or not) to {{email}}; a management chain cannot loop",
        },
      },
    },
    calibrationComment: {
      revisionRequested: "Revision requested: {{comment}}",
      closed: "Closed: {{comment}}",
      closedOverGap: "Closed with a significant ratings gap. Reason: {{comment}}",
      closedOverPromotionGap: "Closed with a significant gap in the promotion decisions. Reason: {{comment}}",
      note: "Note: {{comment}}",
    },
  },
};
