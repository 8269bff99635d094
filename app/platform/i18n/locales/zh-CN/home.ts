import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/home";

/** 首页的简体中文文本。 */
const home: Translation<typeof en> = {
  home: {
    greeting: "你好，{{name}}",
    cycle: "评估周期",
    dates: "{{start}} 至 {{end}}",
    notScheduled: "尚未设定日期",
  },
};

export default home;
