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
    },
    calibrationComment: {
      revisionRequested: "Revision requested: {{comment}}",
      closed: "Closed: {{comment}}",
      note: "Note: {{comment}}",
    },
  },
};
