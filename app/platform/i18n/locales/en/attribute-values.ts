/**
 * People's attribute values on the directory's admin page (issue 29 §1, ADR 0109): the Attributes section and the
 * reasons a value is refused (also the API's and the CSV import's English messages). Attribute names and values are
 * data, never translated.
 */
export default {
  attributeValues: {
    title: "Attributes",
    hint: "Used only for the fairness insights. Visible to super admins and, for their people, HR partners; never to the person, their managers or panelists.",
    notSet: "Not set",
    columnNote: "Edited with the fields above",
    superAdminsOnly: "Super admins only",
    builtIn: { gender: "Gender", start_date: "Start date", level: "Level", location: "Location", department: "Department", employment_type: "Employment type" },
    fieldHint: "{{kind}}. Leave empty to clear.",
    save: "Save attributes",
    saved: "Attributes saved.",
    unchanged: "No attribute changed.",
    failed: "The attributes were not saved: correct the values marked.",
    none: "No attributes are defined.",
    kind: {
      category: "Text",
      date: "Date (yyyy-mm-dd)",
      number: "Number",
    },
    error: {
      unknown: "No such attribute",
      column: "This attribute is edited with the person's directory fields",
      duplicate: "This attribute is given more than once",
      empty: "Enter a value",
      control: "Use no line breaks, tabs or other control characters",
      tooLong: "At most 100 characters",
      date: "Enter a date as yyyy-mm-dd, e.g. 2024-03-31",
      number: "Enter a number, e.g. 12 or 37.5",
      numberDigits: "At most 15 digits",
    },
  },
};
