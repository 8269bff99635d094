import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/insights-export";

/** 公平性洞察的 CSV 导出：洞察页面上的“导出为 CSV”和导出任务页面的简体中文文本。 */
const insightsExport: Translation<typeof en> = {
  insightsExport: {
    pageTitle: "洞察导出",
    button: "导出为 CSV",
    hint: "将这些洞察的每张表（每种分组依据，并应用当前筛选）导出为一个 CSV 文件。",
    title: "洞察导出 #{{id}}",
    intro: "这些洞察中每个图表的表格（每种分组依据，含各项差距的检验、p 值和效应量）导出为一个 CSV 文件，遵守隐私下限，并应用开始导出时生效的筛选。",
    backToCycle: "{{name}}的公平性洞察",
    backToSession: "会议“{{name}}”的公平性洞察",
    progress: "已写入 {{processed}} / {{total}} 行",
  },
};

export default insightsExport;
