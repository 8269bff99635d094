import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/preferences";

/** “语言和时区”设置页的简体中文文本。 */
const preferences: Translation<typeof en> = {
  preferences: {
    title: "语言和时区",
    intro: "选择界面语言以及显示时间所用的时区。你的选择会保存到账号中，在所有设备上生效，你收到的邮件也会使用该语言。",
    language: "语言",
    languageBrowser: "跟随浏览器",
    timeZone: "时区",
    timeZoneBrowser: "跟随浏览器（{{zone}}）",
    timeZoneHelp: "截止时间、历史记录和通知将按此时区显示。",
    example: "当前时间：{{time}}",
    save: "保存",
    saving: "正在保存…",
    saved: "语言和时区已保存",
    failed: "保存失败，请重试",
    spoofing: "正在以其他用户身份查看，无法修改；请先切换回你自己的账号",
  },
};

export default preferences;
