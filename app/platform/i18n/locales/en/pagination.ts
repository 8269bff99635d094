/** The static pagination bar of server-paged lists (app/platform/ui/static-pagination.tsx), as MUI's TablePagination says it. */
export default {
  pagination: { rowsPerPage: "Rows per page:", range: "{{from}}–{{to}} of {{total}}", previous: "Go to previous page", next: "Go to next page" },
};
