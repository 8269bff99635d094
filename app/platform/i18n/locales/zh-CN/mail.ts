import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/mail";

/** 邮件和站内通知的简体中文文本（按收件人的语言发送）。 */
const mail: Translation<typeof en> = {
  mail: {
    greeting: "{{name}}，你好：",
    open: "打开 PMR",
    openLink: "打开 PMR：{{url}}",
    anytimeFeedback: {
      title: "{{name}} 给你发送了新反馈",
      body: "{{name}} 给了你一条随时反馈，请前往“随时反馈”查看。",
    },
  },
};

export default mail;
