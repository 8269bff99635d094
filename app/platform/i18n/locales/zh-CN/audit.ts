import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/audit";

/** 审计日志（超级管理员 > 审计）的简体中文文本。操作和实体类型是代码，按原样显示。 */
const audit: Translation<typeof en> = {
  audit: {
    title: "审计",
    pageTitle: "审计 - PMR",
    search: "搜索",
    searchPlaceholder: "操作人、操作、实体（名称、类型或 #编号）",
    searchButton: "搜索",
    clear: "清除",
    log: "审计日志",
    columns: { time: "时间", action: "操作", entity: "实体", actor: "操作人", source: "来源" },
    empty: "未找到审计记录",
    show: "显示变更前后",
    hide: "隐藏变更前后",
    system: "系统",
    realActor: "由 {{name}}（{{email}}）代为操作",
    sources: { page: "网页", api: "API", workflow: "工作流", system: "系统", scim: "SCIM", cli: "命令行" },
    before: "变更前",
    after: "变更后",
    loading: "加载中",
    pages: { label: "分页", rowsPerPage: "每页行数：", range: "第 {{from}}–{{to}} 条，共 {{total}} 条", previous: "上一页", next: "下一页" },
  },
};

export default audit;
