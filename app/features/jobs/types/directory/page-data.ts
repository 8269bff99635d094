/** The data of the directory import's upload page (PURE: shared by its loader and its component). */
export type DirectoryImportPageData = { columns: string[]; jobsPath: string; templateHref: string; exportHref: string };
