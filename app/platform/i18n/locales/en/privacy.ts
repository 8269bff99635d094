/** English strings of the "Personal data" card on the admin user page (export and erasure of a person's data). */
export default {
  privacy: {
    title: "Personal data",
    erased: "This person's personal data was erased on <0/>. They appear as {{name}}.",
    intro: "Export everything the product holds about this person (JSON and CSV files in a ZIP).",
    introActive: "Export everything the product holds about this person (JSON and CSV files in a ZIP). Deactivate them first to erase their personal data.",
    export: "Export data",
    erase: "Erase personal data",
    exports: "Exports",
    erasures: "Erasures",
    downloadZip: "Download ZIP",
    job: "Job {{id}}",
    eraseTitle: "Erase {{name}}'s personal data?",
    eraseText:
      "This cannot be undone. Their name, email and every other identifier (employee number, job title, department, level, location, photo, identity provider ids, start date) are replaced by a pseudonym everywhere, the audit log included. Free text written about them (feedback, anytime feedback, calibration and promotion comments, endorsements) is removed; their sessions and API tokens end.",
    eraseStays: "What they wrote about others stays, under the pseudonym, and ratings and counts stay for the statistics.",
    typeToConfirm: "Type {{email}} to confirm",
    cancel: "Cancel",
    result: {
      exportStarted: "Export started (job {{id}})",
      erasureStarted: "Erasure started (job {{id}})",
      stillRunning: "Job {{id}} for this person is still running",
      alreadyErased: "This person's personal data has already been erased",
      deactivateFirst: "Deactivate the person before erasing their personal data",
      mismatch: "Type the person's email exactly to confirm the erasure",
      typeEmail: "Type the person's email to confirm",
      failed: "The job could not be started",
    },
  },
};
