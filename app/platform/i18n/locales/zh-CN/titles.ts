import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/titles";

const titles: Translation<typeof en> = {
  titles: {
    notFound: "404 页面不存在 | PMR",
    home: "首页 | PMR",
    anytimeFeedback: "随时反馈 | PMR",
    generalGuideline: "通用指南 | PMR",
    users: "用户 - PMR",
    newUser: "新建用户 - PMR",
    user: "{{name}} - PMR",
    userUnknown: "用户 - PMR",
    cycleReport: "绩效周期报告 | PMR",
    feedbackSummary: "反馈汇总 | PMR",
    peerSelection: "同事/相关方评估人选择 | PMR",
    profileCheck: "核对个人资料 | PMR",
    feedbackList: "360 度反馈 | PMR",
    feedbackFor: "给 {{name}} 的反馈 | PMR",
    feedbackForColleague: "给同事的反馈 | PMR",
    yourFeedbackFor: "你给 {{name}} 的反馈 | PMR",
    yourFeedbackForColleague: "你给同事的反馈 | PMR",
    preferences: "语言和时区 - PMR",
  },
};

export default titles;
