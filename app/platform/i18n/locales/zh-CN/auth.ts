import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/auth";

/** 登录页的简体中文文本。 */
const auth: Translation<typeof en> = {
  login: {
    title: "登录 | PMR",
    heading: "欢迎使用 PMR",
    intro: "请使用工作邮箱通过单点登录（SSO）登录",
    google: "使用 Google 登录",
    lark: "使用飞书登录",
    error: "登录时出错",
  },
};

export default auth;
