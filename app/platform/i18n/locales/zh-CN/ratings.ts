import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/ratings";

/** 校准评级的五档名称（参与者、校准会议与设置、绩效趋势报告共用）的简体中文文本。 */
const ratings: Translation<typeof en> = {
  ratingScale: {
    "5": "5 - 卓越",
    "4": "4 - 超出预期",
    "3": "3 - 符合预期",
    "2": "2 - 部分符合预期",
    "1": "1 - 未达预期",
  },
};

export default ratings;
