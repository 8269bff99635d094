import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/pagination";

/** 服务端分页列表的分页栏。 */
const pagination: Translation<typeof en> = {
  pagination: { rowsPerPage: "每页行数：", range: "第 {{from}}–{{to}} 条，共 {{total}} 条", previous: "上一页", next: "下一页" },
};

export default pagination;
