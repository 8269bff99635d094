import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/privacy";

/** 管理员用户页面上“个人数据”卡片（导出和删除个人数据）的简体中文文本。 */
const privacy: Translation<typeof en> = {
  privacy: {
    title: "个人数据",
    erased: "此人的个人数据已于 <0/> 删除，现以 {{name}} 显示。",
    intro: "导出系统中关于此人的全部数据（ZIP 中的 JSON 和 CSV 文件）。",
    introActive: "导出系统中关于此人的全部数据（ZIP 中的 JSON 和 CSV 文件）。如需删除其个人数据，请先停用此人。",
    export: "导出数据",
    erase: "删除个人数据",
    exports: "导出",
    erasures: "删除",
    downloadZip: "下载 ZIP",
    job: "任务 {{id}}",
    eraseTitle: "删除 {{name}} 的个人数据？",
    eraseText:
      "此操作无法撤销。其姓名、邮箱及其他所有身份信息（工号、职位、部门、职级、地点、照片、身份提供商 ID、入职日期）将在所有地方（包括审计日志）替换为化名。关于此人的自由文本（反馈、随时反馈、校准和晋升评论、背书）将被删除；其会话和 API 令牌随即失效。",
    eraseStays: "此人写给他人的内容会以化名保留，评级和计数也会保留用于统计。",
    typeToConfirm: "输入 {{email}} 以确认",
    cancel: "取消",
    result: {
      exportStarted: "已开始导出（任务 {{id}}）",
      erasureStarted: "已开始删除（任务 {{id}}）",
      stillRunning: "此人的任务 {{id}} 仍在运行",
      alreadyErased: "此人的个人数据已被删除",
      deactivateFirst: "删除个人数据前请先停用此人",
      mismatch: "请准确输入此人的邮箱以确认删除",
      typeEmail: "请输入此人的邮箱以确认",
      failed: "任务未能启动",
    },
  },
};

export default privacy;
