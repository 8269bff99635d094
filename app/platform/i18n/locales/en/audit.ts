/** English strings of the audit log (Super Admin > Audit). Actions and entity types are codes, shown as they are. */
export default {
  audit: {
    title: "Audit",
    pageTitle: "Audit - PMR",
    search: "Search",
    searchPlaceholder: "Actor, action, entity (name, type or #id)",
    searchButton: "Search",
    clear: "Clear",
    log: "Audit log",
    columns: { time: "Time", action: "Action", entity: "Entity", actor: "Actor", source: "Source" },
    empty: "No audit records found",
    show: "Show before and after",
    hide: "Hide before and after",
    system: "System",
    realActor: "by {{name}} ({{email}})",
    sources: { page: "page", api: "api", workflow: "workflow", system: "system", scim: "scim", cli: "cli" },
    before: "Before",
    after: "After",
    loading: "Loading",
    pages: { label: "Pages", rowsPerPage: "Rows per page:", range: "{{from}}–{{to}} of {{total}}", previous: "Go to previous page", next: "Go to next page" },
  },
};
